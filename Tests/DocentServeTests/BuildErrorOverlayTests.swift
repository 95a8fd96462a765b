import DocentCore
import DocentExecute
import DocentPipeline
import Foundation
import Hummingbird
import Testing
@testable import DocentServe

/// The overlay over a page while the last build failed: readable in both colour schemes, and every error shown with
/// the line it points at.
@Suite("serve's build-error overlay")
struct BuildErrorOverlayTests {
    /// WCAG 2's relative luminance of `#rrggbb`.
    private func luminance(_ hex: String) throws -> Double {
        let digits = try #require(hex.hasPrefix("#") && hex.count == 7 ? String(hex.dropFirst()) : nil, "\(hex) is not #rrggbb")
        let value = try #require(Int(digits, radix: 16))
        func channel(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xff) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    private func contrast(_ a: String, _ b: String) throws -> Double {
        let (x, y) = (try luminance(a), try luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// The declarations of the rule for exactly `selector` in `css` (the first one that sets `property`).
    private func value(of property: String, in selector: String, _ css: String) throws -> String {
        for block in css.components(separatedBy: "}") {
            let parts = block.components(separatedBy: "{")
            guard let head = parts.dropLast().last, head.trimmingCharacters(in: .whitespacesAndNewlines) == selector else { continue }
            for declaration in parts.last!.components(separatedBy: ";") {
                let pair = declaration.components(separatedBy: ":")
                if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == property {
                    return pair[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        Issue.record("no \(property) for \(selector)")
        return ""
    }

    /// The style sheet as the served script carries it, split into its light part and its dark part.
    private func servedSchemes() throws -> (light: String, dark: String) {
        let source = LiveReloadScript.source
        let start = try #require(source.range(of: "style.textContent = \""))
        let end = try #require(source[start.upperBound...].range(of: "\";"))
        let css = String(source[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "\\n", with: "\n")
        let halves = css.components(separatedBy: "@media (prefers-color-scheme: dark){")
        try #require(halves.count == 2, "the style sheet has one dark-mode block")
        return (halves[0], halves[1])
    }

    @Test("each scheme gives the overlay, its heading and its error boxes their own colours, at 4.5:1 or more")
    func contrastInBothSchemes() throws {
        let (light, dark) = try servedSchemes()
        let box = "#\(BuildErrorOverlay.elementID)"
        for (scheme, css) in [("light", light), ("dark", dark)] {
            let background = try value(of: "background", in: box, css)
            let errorBackground = try value(of: "background", in: "\(box) .\(BuildErrorOverlay.errorClass)", css)
            let pairs = [
                ("text", try value(of: "color", in: box, css), background),
                ("heading", try value(of: "color", in: "\(box) h2", css), background),
                ("error", try value(of: "color", in: "\(box) .\(BuildErrorOverlay.errorClass)", css), errorBackground),
            ]
            for (name, foreground, behind) in pairs {
                let ratio = try contrast(foreground, behind)
                #expect(ratio >= 4.5, "\(scheme) \(name): \(foreground) on \(behind) is \(ratio):1")
            }
        }
        #expect(try value(of: "background", in: box, light) != value(of: "background", in: box, dark), "dark mode has its own colours")
        #expect(!BuildErrorOverlay.css.contains("\"") && !BuildErrorOverlay.css.contains("\\"), "the script carries it in a string as it is")
        #expect(LiveReloadScript.source.contains("item.className = \"\(BuildErrorOverlay.errorClass)\""))
    }

    @Test("the status endpoint carries each error with the line it points at and a caret under its column")
    func statusHoldsTheExcerpt() async throws {
        let folder = try SiteFolder(["content/a.md": "---\ntitle: A\ndate: 2026-01-02\n---\n\nSee [the end](#nowhere).\n"])
        let hub = ReloadHub()
        let pipeline = Pipeline(fileSystem: LocalFileSystem(), reporter: QuietReporter(), toolchain: NoToolchain())
        ServeDriver(pipeline: pipeline, fileSystem: LocalFileSystem(), reporter: QuietReporter())
            .rebuild(ServeDriver.Request(content: "\(folder.path)/content", templates: "\(folder.path)/templates", templatesGiven: false,
                                         output: "\(folder.path)/site"), hub: hub)
        let error = try #require(hub.errors.first { $0.contains("#nowhere") }, "\(hub.errors)")
        let lines = error.components(separatedBy: "\n")
        try #require(lines.count >= 3, "\(error)")
        #expect(lines[0].hasPrefix("\(folder.path)/content/a.md:6:"))
        #expect(lines[1] == "See [the end](#nowhere).")
        let column = try #require(Int(lines[0].split(separator: ":")[2]))
        #expect(lines[2] == String(repeating: " ", count: column - 1) + "^")

        let server = PreviewServer(site: "\(folder.path)/site", hub: hub)
        let response = try await server.local(.get, LiveReloadScript.statusPath)
        let body = try await response.text()
        let decoded = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: [String]]
        #expect(decoded?["errors"]?.contains(error) == true)
    }

    @Test("an error in a file that cannot be read, on a line too long, or without a location, is its description alone")
    func withoutAFile() throws {
        let missing = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: "/no/such/file.md", line: 2, column: 3), "bad")
        #expect(BuildErrorOverlay.text(of: missing, fileSystem: LocalFileSystem()) == "/no/such/file.md:2:3: error: bad")
        let folder = try SiteFolder(["long.md": String(repeating: "x", count: BuildErrorOverlay.maximumExcerptBytes + 1) + "\nshort\n"])
        let long = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: "\(folder.path)/long.md", line: 1, column: 2), "bad")
        #expect(BuildErrorOverlay.text(of: long, fileSystem: LocalFileSystem()) == "\(folder.path)/long.md:1:2: error: bad")
        var short = long
        short.location?.line = 2
        #expect(BuildErrorOverlay.text(of: short, fileSystem: LocalFileSystem()) == "\(folder.path)/long.md:2:2: error: bad\nshort\n ^")
        #expect(BuildErrorOverlay.text(of: Diagnostic.error(DiagnosticID("test.fixture"), at: nil, "no compiler"), fileSystem: LocalFileSystem()) == "docent: error: no compiler")
    }
}

/// A reporter that keeps nothing.
private struct QuietReporter: Reporter {
    func step(_ index: Int, of total: Int, _ name: String) {}
    func report(_ diagnostic: Diagnostic) {}
    func info(_ message: String) {}
    func progress(_ event: ArticleProgress) {}
}

/// A toolchain that is never there: the build under test fails before it needs one, or fails for want of one.
private struct NoToolchain: ToolchainPreparing {
    func prepare(supportModule: String?, sources: [SupportSource], package: PackageRequest?) throws -> any ArticleRunning {
        throw DiagnosticError([Diagnostic.error(DiagnosticID("test.fixture"), at: nil, "no toolchain in this test")])
    }
}
