import DocentCore

/// Reads `content/site.yml` into ``SiteConfig``; a missing file means every default.
struct SiteConfigParser {
    static let allowedKeys = ["title", "base-url", "author", "description", "language", "series", "support-module",
                              "time-limit", "output-limit", "memory-limit", "compile-time-limit"]
        + YAMLMapping.executionKeys

    static func parse(_ file: SourceFile?) throws -> SiteConfig {
        guard let file else { return SiteConfig() }
        var fields = try YAMLMapping(parsing: file.text, path: file.path, lineOffset: 0, what: "site.yml")
        fields.rejectUnknownKeys(allowed: allowedKeys, what: "site.yml")
        var config = SiteConfig()
        config.title = fields.string("title") ?? config.title
        if var base = fields.string("base-url") {
            if !base.hasSuffix("/") { base += "/" }
            config.baseURL = base
        }
        config.author = fields.string("author")
        config.description = fields.string("description")
        config.language = fields.string("language") ?? config.language
        if let module = fields.string("support-module") {
            if module.first.map({ $0.isLetter || $0 == "_" }) == true, module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                config.supportModule = module
            } else {
                fields.fail("support-module", "'support-module' must be a Swift identifier, not '\(module)'")
            }
        }
        config.series = readSeries(&fields)
        config.execution = fields.executionOverrides()
        config.timeLimit = seconds("time-limit", in: ExecutionSettings.timeLimitRange, example: "10", &fields)
        config.compileTimeLimit = seconds("compile-time-limit", in: ExecutionSettings.compileTimeLimitRange,
                                          example: "120", &fields)
        config.outputLimit = bytes("output-limit", in: ExecutionSettings.outputLimitRange, example: "65536", &fields)
        config.memoryLimit = bytes("memory-limit", in: ExecutionSettings.memoryLimitRange, example: "2 GiB", &fields)
        if !fields.problems.isEmpty { throw DiagnosticError(fields.problems) }
        return config
    }

    /// A number of seconds within `range`, or an error at the key's value.
    private static func seconds(_ key: String, in range: ClosedRange<Double>, example: String,
                                _ fields: inout YAMLMapping) -> Double? {
        guard let text = fields.string(key) else { return nil }
        if let value = Double(text), value.isFinite, range.contains(value) { return value }
        fields.fail(key, "'\(key)' must be a number of seconds from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), not '\(text)'",
                    notes: ["for example `\(key): \(example)`"])
        return nil
    }

    /// A number of bytes within `range` (`65536`, `512 MiB`, `2 GiB`, `64 KiB`), or an error at the key's value.
    private static func bytes(_ key: String, in range: ClosedRange<Int>, example: String, _ fields: inout YAMLMapping) -> Int? {
        guard let text = fields.string(key) else { return nil }
        if let value = Self.byteCount(text), range.contains(value) { return value }
        fields.fail(key, "'\(key)' must be a size from \(Self.size(range.lowerBound)) to \(Self.size(range.upperBound)), not '\(text)'",
                    notes: ["for example `\(key): \(example)` (a number of bytes, or KiB, MiB, GiB)"])
        return nil
    }

    /// `2 GiB` → 2147483648; `nil` for anything else, an overflow included.
    static func byteCount(_ text: String) -> Int? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        let units: [String: Int] = ["B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30]
        guard (1...2).contains(parts.count), let number = Int(parts[0]), number >= 0,
              let unit = parts.count == 2 ? units[String(parts[1])] : 1 else { return nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: unit)
        return overflow ? nil : product
    }

    /// `2 GiB`, `64 MiB`, or a number of bytes.
    static func size(_ bytes: Int) -> String {
        for (unit, scale) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= scale && bytes % scale == 0 {
            return "\(bytes / scale) \(unit)"
        }
        return "\(bytes) bytes"
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// `series:` is a list whose items are a title, or a mapping with `title` and `summary`.
    private static func readSeries(_ fields: inout YAMLMapping) -> [SiteConfig.SeriesInfo] {
        guard let node = fields.node("series") else { return [] }
        guard let items = node.sequence else {
            fields.fail("series", "'series' must be a list of series, each a title or `{title: …, summary: …}`")
            return []
        }
        var series: [SiteConfig.SeriesInfo] = []
        for item in items {
            if let title = item.scalar?.string, !title.isEmpty {
                series.append(.init(title: title))
            } else if let mapping = item.mapping, let title = mapping["title"]?.scalar?.string, !title.isEmpty {
                series.append(.init(title: title, summary: mapping["summary"]?.scalar?.string))
            } else {
                fields.record(.error(at: fields.location(item), "every series needs a title",
                                     notes: ["write `- title: My series` with an optional `summary:` line"]))
            }
        }
        return series
    }
}
