import DocentCore
import DocentPipeline

/// The overlay `docent serve` puts over its pages while the last build failed: its own colours for light and dark
/// mode (never the theme's, whose `pre` may be light under white text), and each error as `swiftc` prints one — the
/// `path:line:col: error: message` line, the file's line and a caret under the column, then the notes.
///
/// ```swift
/// hub.finished(errors: diagnostics.map { BuildErrorOverlay.text(of: $0, fileSystem: fileSystem) })
/// ```
public enum BuildErrorOverlay {
    /// The overlay's colours in one colour scheme, as `#rrggbb`: each text colour is meant to be read on the
    /// background it is drawn on (the tests hold every pair to 4.5:1 or more).
    public struct Palette: Sendable, Hashable {
        /// The overlay itself, and its plain text.
        public var background: String
        public var text: String
        /// The heading ("The last build failed…").
        public var title: String
        /// One error's box: its background, text and left rule.
        public var errorBackground: String
        public var errorText: String
        public var errorRule: String
    }

    /// Colours when the reader's system is in light mode.
    public static let light = Palette(background: "#fbf7f7", text: "#1d1d22", title: "#a3161b",
                                      errorBackground: "#ffffff", errorText: "#1d1d22", errorRule: "#c62828")
    /// Colours when it is in dark mode.
    public static let dark = Palette(background: "#141418", text: "#f1f1f4", title: "#ff8a80",
                                     errorBackground: "#212128", errorText: "#f1f1f4", errorRule: "#ff5a4f")

    /// The overlay element's `id`; every rule is scoped under it, so the page's own styles never lose to it nor it
    /// to them (an id outweighs the theme's `pre`).
    public static let elementID = "docent-build-errors"
    /// The class of one error's box (a `pre`).
    public static let errorClass = "docent-build-error"

    /// The overlay's style sheet: light colours, then dark ones under `prefers-color-scheme: dark`. It holds no
    /// quote or backslash, so the script can carry it in a string as it is.
    public static var css: String {
        let box = "#\(elementID)"
        let layout = "\(box){position:fixed;inset:0;z-index:2147483647;margin:0;padding:2rem;overflow:auto;box-sizing:border-box;"
            + "font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-align:left}\n"
            + "\(box) h2{font:600 18px/1.3 system-ui,sans-serif;margin:0 0 1rem;padding:0;border:0}\n"
            + "\(box) .\(errorClass){display:block;margin:0 0 .75rem;padding:.75rem 1rem;border:0;border-left:4px solid;"
            + "border-radius:4px;box-shadow:none;font:inherit;white-space:pre-wrap;overflow-wrap:anywhere;overflow:visible;max-width:none}\n"
        func colours(_ palette: Palette) -> String {
            "\(box){background:\(palette.background);color:\(palette.text)}\n"
                + "\(box) h2{background:transparent;color:\(palette.title)}\n"
                + "\(box) .\(errorClass){background:\(palette.errorBackground);color:\(palette.errorText);border-left-color:\(palette.errorRule)}\n"
        }
        return layout + colours(light) + "@media (prefers-color-scheme: dark){\n" + colours(dark) + "}\n"
    }

    /// Longer lines (a minified file, a saved binary) are left out: the error's own line still says where it is.
    static let maximumExcerptBytes = 1_000

    /// One error as the overlay shows it and the status endpoint carries it: its description, with the line of
    /// the file it points at and a caret under its column (``DiagnosticExcerpt``) when that file can be read and
    /// the line is not too long.
    /// Control characters other than newlines and tabs are escaped.
    public static func text(of diagnostic: Diagnostic, fileSystem: any FileSystem) -> String {
        var lines: [Snippet.Line] = []
        if let location = diagnostic.location, location.line >= 1, let data = try? fileSystem.contents(of: location.path) {
            let text = String(decoding: data, as: UTF8.self)
            let fileLines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            if location.line <= fileLines.count, fileLines[location.line - 1].utf8.count <= maximumExcerptBytes {
                lines = [Snippet.Line(number: location.line, code: String(fileLines[location.line - 1]), isHidden: false)]
            }
        }
        return DiagnosticExcerpt(diagnostic, lines: lines).rendered.joined(separator: "\n")
            .escapingControlCharacters(except: ["\n", "\t"])
    }
}
