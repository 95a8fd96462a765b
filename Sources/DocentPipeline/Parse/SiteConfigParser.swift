import DocentCore

/// Reads `content/site.yml` into ``SiteConfig``; a missing file means every default.
struct SiteConfigParser {
    static let allowedKeys = ["title", "base-url", "author", "description", "language", "series", "support-module", "package"]
        + ExecutionSettingTable.keys(inFrontMatter: false)

    /// `ceilings` cap what the file may ask for, and lower the defaults above them.
    static func parse(_ file: SourceFile?, ceilings: ExecutionCeilings = ExecutionCeilings()) throws -> SiteConfig {
        guard let file else { return SiteConfig(execution: ceilings.lowering(defaultsOf: ExecutionOverrides())) }
        var fields = try YAMLMapping(parsing: file.text, path: file.path, lineOffset: 0, what: "site.yml")
        fields.rejectUnknownKeys(allowed: allowedKeys, what: "site.yml")
        var config = SiteConfig()
        if let title = fields.string("title") {
            config.title = title
            config.titleIsSet = true
        }
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
                fields.fail("support-module") { .invalidSupportModule(module, at: $0) }
            }
        }
        if let package = fields.string("package") {
            if package.isEmpty { fields.fail("package") { .emptyPackage(at: $0) } } else { config.package = package }
        }
        config.series = readSeries(&fields)
        config.execution = ceilings.lowering(defaultsOf: fields.executionOverrides(inFrontMatter: false, ceilings: ceilings))
        if !fields.problems.isEmpty { throw DiagnosticError(fields.problems) }
        return config
    }

    /// `series:` is a list whose items are a title, or a mapping with `title` and `summary`.
    private static func readSeries(_ fields: inout YAMLMapping) -> [SiteConfig.SeriesInfo] {
        guard let node = fields.node("series") else { return [] }
        guard let items = node.sequence else {
            fields.fail("series") { .invalidSeries(at: $0) }
            return []
        }
        var series: [SiteConfig.SeriesInfo] = []
        for item in items {
            if let title = item.scalar?.string, !title.isEmpty {
                series.append(.init(title: title))
            } else if let mapping = item.mapping, let title = mapping["title"]?.scalar?.string, !title.isEmpty {
                series.append(.init(title: title, summary: mapping["summary"]?.scalar?.string))
            } else {
                fields.record(.untitledSeries(at: fields.location(item)))
            }
        }
        return series
    }
}
