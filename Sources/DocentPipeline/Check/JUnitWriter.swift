/// Writes a test report as JUnit XML, which CI systems display: one `<testsuite>` per article,
/// one `<testcase>` per snippet, named `content/x.md:LINE`; a failure's `type` is its kind
/// (``SnippetResult/Failure/Kind``).
///
/// ```swift
/// let xml = JUnitWriter().xml(for: report)
/// ```
public struct JUnitWriter: Sendable {
    public init() {}

    public func xml(for report: TestReport) -> String {
        let cases = report.cases
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"docent\" tests=\"\(cases.count)\" failures=\"\(report.failed)\""
            + " errors=\"0\" skipped=\"\(report.skipped)\">\n"
        if report.expectedFailures > 0 {
            xml += "  <properties>\n    <property name=\"docent.expected-failures\" value=\"\(report.expectedFailures)\"/>\n  </properties>\n"
        }
        for article in report.articles {
            let failed = article.snippets.filter(\.failed).count
            let skipped = article.snippets.filter(\.skipped).count
            xml += "  <testsuite name=\"\(Self.escape(article.path))\" tests=\"\(article.snippets.count)\""
                + " failures=\"\(failed)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            for checked in article.snippets {
                xml += "    <testcase name=\"\(Self.escape(checked.name))\" classname=\"\(Self.escape(article.path))\""
                if checked.failed {
                    let first = checked.result.failures.first
                    let message = first?.message ?? "failed"
                    // The type is the first failure's kind (`does-not-compile`, `output-differs`, …).
                    let type = first?.kind.rawValue ?? checked.result.status.rawValue
                    xml += ">\n      <failure message=\"\(Self.escape(message))\" type=\"\(type)\">"
                    xml += Self.escape(FailureFormatter().format(checked))
                    xml += "</failure>\n    </testcase>\n"
                } else if let reason = checked.skipReason {
                    xml += ">\n      <skipped message=\"\(Self.escape(reason))\"/>\n    </testcase>\n"
                } else if checked.result.status == .expectedFailure {
                    // Passed, by failing as its author said; the property and the output say how it failed.
                    let how = checked.result.diagnostics.first { $0.severity == .error }?.description ?? "failed as expected"
                    xml += ">\n      <properties>\n        <property name=\"docent.status\" value=\"expected-failure\"/>\n"
                        + "      </properties>\n      <system-out>\(Self.escape("expected failure: " + how))</system-out>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// Escapes markup characters, and replaces characters XML 1.0 cannot hold (most control characters,
    /// which a program may well print) with U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
