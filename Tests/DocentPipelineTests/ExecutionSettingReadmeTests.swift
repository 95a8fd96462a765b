import DocentCore
import DocentTestSupport
import Foundation
import Testing

/// The README's table of execution settings, as ``ExecutionSettingTable`` says it should read.
enum ExecutionSettingReadme {
    static let begin = "<!-- execution settings: generated from ExecutionSettingTable, checked by ExecutionSettingReadmeTests -->"
    static let end = "<!-- end of execution settings -->"

    /// The lines between the markers: one row per setting, in the table's order.
    static func table() -> String {
        var lines = ["| key | set in | default | unit | values | what it sets | ceiling |", "| --- | --- | --- | --- | --- | --- | --- |"]
        for setting in ExecutionSettingTable.all {
            let place = setting.scope.articleMaySet ? "front matter or `site.yml`" : "`site.yml`"
            let fallback = setting.writtenDefault.map { "`\($0)`" } ?? "unset"
            let ceiling = setting.hasCeiling
                ? "`--\(ExecutionCeilings.option(for: setting.key))`, `\(ExecutionCeilings.variable(for: setting.key))`" : ""
            lines.append("| `\(setting.key)` | \(place) | \(fallback) | \(setting.unit ?? "") | \(setting.allowed) | \(setting.help) | \(ceiling) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The README's text between the markers; `nil` without them.
    static func section(of readme: String) -> String? {
        guard let start = readme.range(of: begin + "\n"),
              let stop = readme.range(of: "\n" + end, range: start.upperBound..<readme.endIndex) else { return nil }
        return String(readme[start.upperBound..<stop.lowerBound])
    }
}

@Suite("The README's settings table")
struct ExecutionSettingReadmeTests {
    @Test("README.md lists every execution setting exactly as the table describes it")
    func readmeMatchesTable() throws {
        let root = DocentRepository.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = ExecutionSettingReadme.section(of: readme)
        #expect(section != nil, "README.md has no '\(ExecutionSettingReadme.begin)' … '\(ExecutionSettingReadme.end)' section")
        let expected = ExecutionSettingReadme.table()
        #expect(section == expected, "replace README.md's settings section by:\n\(expected)")
    }

    @Test("the generated table has a row per setting, with its default and where it may be set")
    func rows() {
        let rows = ExecutionSettingReadme.table().split(separator: "\n")
        #expect(rows.count == 2 + ExecutionSettingTable.all.count)
        #expect(rows.contains { $0.hasPrefix("| `memory-limit` | `site.yml` | `2 GiB` | bytes | 64 MiB to 64 GiB;") })
        #expect(rows.contains { $0.hasPrefix("| `now` | front matter or `site.yml` | unset |  | ISO 8601") })
        #expect(rows.contains { $0.hasPrefix("| `time-limit` | `site.yml` | `10` | seconds |") && $0.hasSuffix("| `--max-time-limit`, `DOCENT_MAX_TIME_LIMIT` |") })
        #expect(rows.filter { $0.hasSuffix(" |  |") }.count == ExecutionSettingTable.all.count - 3)
    }
}
