import Foundation

/// The script `docent serve` adds to every HTML page it serves (never to the built files): it listens on the
/// server-sent-events channel, reloads on `reload`, and shows the last build's errors as an overlay on `errors`.
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
        overlay = document.createElement("div");
        overlay.setAttribute("role", "alert");
        overlay.id = "docent-build-errors";
        overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,24,.94);color:#fff;" +
          "font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;padding:2rem;overflow:auto;white-space:pre-wrap";
        var title = document.createElement("h2");
        title.style.cssText = "font:600 18px system-ui,sans-serif;margin:0 0 1rem;color:#ff8a80";
        title.textContent = "The last build failed — showing the previous site until the next good build";
        overlay.appendChild(title);
        errors.forEach(function (line) {
          var item = document.createElement("pre");
          item.style.cssText = "margin:0 0 .75rem;white-space:pre-wrap";
          item.textContent = line;
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
