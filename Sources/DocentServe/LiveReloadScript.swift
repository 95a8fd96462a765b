import Foundation

/// The script `docent serve` adds to every HTML page it serves (never to the built files): it listens on the
/// server-sent-events channel, reloads on `reload`, and shows the last build's errors as an overlay on `errors` (``BuildErrorOverlay``: its colours, and each
/// error with its code line and caret).
public enum LiveReloadScript {
    public static let eventsPath = "/__docent/events"
    public static let statusPath = "/__docent/status"
    public static let scriptPath = "/__docent/live.js"

    /// `html` with the script tag before `</body>` (or at the end when there is none).
    public static func inject(into html: String) -> String {
        let tag = "<script src=\"\(scriptPath)\"></script>\n"
        if let body = html.range(of: "</body>", options: .backwards) {
            var result = html
            result.insert(contentsOf: tag, at: body.lowerBound)
            return result
        }
        return html + tag
    }

    /// The script. Errors are put into the page with `textContent`, so they are never read as HTML.
    public static let source = """
    (function () {
      var overlay = null;
      function show(errors) {
        if (overlay) { overlay.remove(); overlay = null; }
        if (!errors.length) return;
        if (!document.getElementById("\(BuildErrorOverlay.elementID)-style")) {
          var style = document.createElement("style");
          style.id = "\(BuildErrorOverlay.elementID)-style";
          style.textContent = "\(BuildErrorOverlay.css.replacingOccurrences(of: "\n", with: "\\n"))";
          (document.head || document.documentElement).appendChild(style);
        }
        overlay = document.createElement("div");
        overlay.setAttribute("role", "alert");
        overlay.id = "\(BuildErrorOverlay.elementID)";
        var title = document.createElement("h2");
        title.textContent = "The last build failed with " + errors.length + (errors.length === 1 ? " error" : " errors") +
          " — showing the previous site until the next good build";
        overlay.appendChild(title);
        errors.forEach(function (text) {
          var item = document.createElement("pre");
          item.className = "\(BuildErrorOverlay.errorClass)";
          item.textContent = text;
          overlay.appendChild(item);
        });
        document.body.appendChild(overlay);
      }
      function status() {
        fetch("\(statusPath)", { cache: "no-store" }).then(function (r) { return r.json(); })
          .then(function (s) { show(s.errors || []); }).catch(function () {});
      }
      var source = new EventSource("\(eventsPath)");
      source.addEventListener("reload", function () { location.reload(); });
      source.addEventListener("errors", status);
      status();
    })();
    """
}
