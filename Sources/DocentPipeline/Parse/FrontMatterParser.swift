import DocentCore
import DocentMarkdown

/// Splits an article into its YAML front matter and its Markdown body, and reads the front matter.
struct FrontMatterParser {
    static let allowedKeys = ["title", "date", "summary", "series", "order", "tags", "draft", "slug", "layout"]
        + ExecutionSettingTable.keys(inFrontMatter: true)

    /// The parts of an article file.
    struct Split {
        /// The front matter's YAML; `nil` when the file has none.
        var yaml: String?
        /// Lines before the body: the opening fence, the YAML and the closing fence.
        var bodyLineOffset: Int
        var body: String
    }

    /// Finds the `---` fences. The opening one must be the file's first line; a file that does not start with one
    /// has no front matter, and all of it is the body.
    static func split(_ text: String, path: String) throws -> Split {
        // Only the front matter's lines become strings: the body, most of the file, is sliced once.
        let offsets = TextLines(text)
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        func line(_ number: Int) -> Substring {
            text[index(offsets[number].content.lowerBound)..<index(offsets[number].content.upperBound)]
        }
        func isFence(_ line: Substring, _ marks: [String]) -> Bool {
            marks.contains(String(line.trimmingTrailingSpaces()))
        }
        guard isFence(line(0), ["---"]) else {
            return Split(yaml: nil, bodyLineOffset: 0, body: text)
        }
        guard let close = offsets.indices.dropFirst().first(where: { isFence(line($0), ["---", "..."]) }) else {
            throw Diagnostic.frontMatterUnclosed(at: path)
        }
        let yaml = (1..<close).map(line).joined(separator: "\n")
        // The body keeps its bytes (line endings included) exactly as written.
        let body = close + 1 < offsets.count ? String(text[index(offsets[close + 1].content.lowerBound)...]) : ""
        return Split(yaml: yaml, bodyLineOffset: close + 1, body: body)
    }

    /// Reads the keys; every problem is reported, each at the line and column of the value at fault. Without front
    /// matter, everything takes its default and the title is left empty for the caller to find.
    static func parse(_ yaml: String?, path: String,
                      ceilings: ExecutionCeilings = ExecutionCeilings()) throws -> (FrontMatter, [String: SourceLocation]) {
        guard let yaml else { return (FrontMatter(title: "", date: nil), [:]) }
        var fields = try YAMLMapping(parsing: yaml, path: path, lineOffset: 1, what: "front matter")
        fields.rejectUnknownKeys(allowed: allowedKeys, what: "front matter")
        let title = fields.string("title", required: "title: My article")
        let dateText = fields.string("date", required: "date: 2026-01-31")
        let date = dateText.flatMap { text -> ArticleDate? in
            if let date = ArticleDate(parsing: text) { return date }
            fields.fail("date") { .invalidDate(text, at: $0) }
            return nil
        }
        var layout = FrontMatter.Layout.article
        if let text = fields.string("layout") {
            if let value = FrontMatter.Layout(rawValue: text) {
                layout = value
            } else {
                fields.fail("layout") { .unknownLayout(text, known: FrontMatter.Layout.allCases.map(\.rawValue), at: $0) }
            }
        }
        let slug = fields.string("slug")
        if let slug, slug.isEmpty || slug.contains("/") || slug == "." || slug == ".." {
            fields.fail("slug") { .invalidSlug(slug, at: $0) }
        }
        let series = fields.string("series")
        let tags = fields.strings("tags")
        // Each becomes a folder of the site (`slug/`, `series/NAME/`, `tags/NAME/`): past a file name's limit the
        // write would fail with no place to look.
        let named: [(String, [String], (String) -> String)] = [("slug", slug.map { [$0] } ?? [], { (text: String) in text }), ("series", series.map { [$0] } ?? [], Slug.make),
                     ("tags", tags, Slug.make)]
        for (key, values, name) in named {
            for value in values where name(value).utf8.count > Slug.maximumBytes {
                fields.fail(key) { .folderNameTooLong(key, bytes: name(value).utf8.count, value: values.count > 1 ? value : nil, at: $0) }
            }
        }
        let frontMatter = FrontMatter(
            title: title ?? "", date: date,
            summary: fields.string("summary"), series: series, order: fields.int("order"),
            tags: tags, draft: fields.bool("draft") ?? false, slug: slug, layout: layout,
            execution: fields.executionOverrides(inFrontMatter: true, ceilings: ceilings))
        if !fields.problems.isEmpty { throw DiagnosticError(fields.problems) }
        return (frontMatter, fields.keyLocations())
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
