import DocentCore
import Foundation

/// A diagnostic as a GitHub Actions workflow command (`::error file=README.md,line=12,col=5,title=…::message`), so a
/// failure shows on the pull request's diff at its Markdown line. Values are escaped as the Actions toolkit escapes
/// them: `%`, `\r` and `\n` in the message; those and `:` and `,` in the properties.
///
/// ```swift
/// GitHubAnnotation.line(for: diagnostic, title: "docent test README.md:12")
/// // ::error file=README.md,line=13,col=21,title=docent test README.md%3A12::value differs%0Aexpected: 3
/// ```
public enum GitHubAnnotation {
    /// The workflow command, one line: `error`, `warning` or `notice`, the location's properties (a line before the
    /// file's first, as a SwiftPM snippet's fence, is its first line), the title, and the message with its notes.
    /// `file` is the path as the repository names it (relative to its root), where that differs from the
    /// diagnostic's.
    public static func line(for diagnostic: Diagnostic, title: String, file: String? = nil) -> String {
        let command = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties: [(String, String)] = []
        if let location = diagnostic.location {
            properties += [("file", file ?? location.path), ("line", String(max(location.line, 1))),
                           ("col", String(max(location.column, 1)))]
        }
        properties.append(("title", title))
        let message = ([diagnostic.message] + diagnostic.notes).joined(separator: "\n")
        return "::\(command) " + properties.map { "\($0)=\(escapeProperty($1))" }.joined(separator: ",")
            + "::" + escapeData(message)
    }

    /// `%` → `%25`, `\r` → `%0D`, `\n` → `%0A`.
    public static func escapeData(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// ``escapeData(_:)``, and `:` → `%3A`, `,` → `%2C`.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
