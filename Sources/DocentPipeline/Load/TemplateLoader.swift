import DocentCore
import DocentMarkdown
import Foundation
import Mustache

/// The Load stage for templates: the built-in theme, with each file replaced by the file of the same path in
/// the site's templates folder (if it has one); parses every `.mustache` file and checks that every partial a
/// template names exists, so a typo fails the build instead of rendering nothing.
///
/// ```swift
/// let templates = try TemplateLoader(fileSystem: LocalFileSystem()).load(from: "templates")   // or nil: built-in only
/// ```
public struct TemplateLoader: Sendable {
    private let fileSystem: any FileSystem
    private let builtIn: [(path: String, contents: [UInt8])]

    public init(fileSystem: any FileSystem, builtIn: [(path: String, contents: [UInt8])] = BuiltInTheme.files) {
        self.fileSystem = fileSystem
        self.builtIn = builtIn
    }

    /// One file of the theme being assembled: where messages say it is, and how to read it.
    private struct ThemeFile {
        var origin: String
        var source: TemplateSet.Asset.Source
    }

    public func load(from directory: String?) throws -> TemplateSet {
        var files: [String: ThemeFile] = [:]
        for file in builtIn {
            files[file.path] = ThemeFile(origin: "\(BuiltInTheme.label)/\(file.path)", source: .builtIn(Data(file.contents)))
        }
        if let directory {
            guard fileSystem.directoryExists(directory) else {
                throw DiagnosticError([.templatesFolderNotFound(at: directory)])
            }
            // A link leading out of the templates folder (`assets` → a home folder) would publish what it leads to.
            let listing = try fileSystem.listing(under: directory)
            let leaving = listing.skipped.compactMap { skipped -> Diagnostic? in
                if case .unreadable = skipped.reason { return ContentLoader.diagnostic(for: skipped, in: directory) }
                guard case .linkLeavesFolder(let target) = skipped.reason else { return nil }
                return .linkLeavesTemplates(to: target, at: ContentLoader.join(directory, skipped.path))
            }
            if !leaving.isEmpty { throw DiagnosticError(leaving) }
            for relative in listing.files {
                let path = ContentLoader.join(directory, relative)
                files[relative] = ThemeFile(origin: path, source: .file(path))
            }
        }

        var templates: [String: MustacheTemplate] = [:]
        var texts: [String: (path: String, text: String)] = [:]
        var assets: [TemplateSet.Asset] = []
        var problems: [Diagnostic] = []
        /// Every template file seen, even one that failed to parse (it is reported once, as a syntax error).
        var found: Set<String> = []

        for (relative, file) in files.sorted(by: { $0.key < $1.key }) {
            if relative.hasPrefix("assets/") {
                assets.append(TemplateSet.Asset(path: relative, source: file.source))
                continue
            }
            guard relative.hasSuffix(".mustache") else { continue }
            let name = String(relative.dropLast(".mustache".count))
            found.insert(name)
            let data: Data
            switch file.source {
            case .builtIn(let contents): data = contents
            case .file(let path): data = try fileSystem.contents(of: path)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                problems.append(.templateNotUTF8(at: ContentLoader.firstInvalidUTF8(in: data, path: file.origin)))
                continue
            }
            do {
                templates[name] = try MustacheTemplate(string: text)
                texts[name] = (file.origin, text)
            } catch let error as MustacheTemplate.ParserError {
                // swift-mustache counts Characters; a location counts UTF-8 bytes.
                let column = SourceLocation.utf8Column(afterCharacters: error.context.columnNumber, in: error.context.line)
                problems.append(.templateSyntax(Self.describe(error.error),
                                               at: SourceLocation(path: file.origin, line: error.context.lineNumber, column: column)))
            }
        }
        for name in TemplateSet.required where !found.contains(name) {
            problems.append(.missingTemplate(name, at: SourceLocation(path: ContentLoader.join(directory ?? BuiltInTheme.label, "\(name).mustache")),
                                             required: TemplateSet.required))
        }
        for (name, source) in texts.sorted(by: { $0.key < $1.key }) {
            for reference in Self.partialReferences(in: source.text) where templates[reference.name] == nil {
                problems.append(.missingPartial(reference.name, in: name,
                                                at: SourceLocation(path: source.path, line: reference.line, column: reference.column),
                                                create: ContentLoader.join(directory ?? "templates", reference.name + ".mustache")))
            }
        }
        problems += Self.cycles(in: texts)
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return TemplateSet(library: MustacheLibrary(templates: templates), names: Set(templates.keys),
                           assets: assets, origins: texts.mapValues(\.path))
    }

    /// A template that includes itself, directly or through others, would render for ever (and overflow the stack):
    /// an error at the reference that closes each cycle.
    static func cycles(in texts: [String: (path: String, text: String)]) -> [Diagnostic] {
        let references = texts.mapValues { partialReferences(in: $0.text) }
        var problems: [Diagnostic] = []
        var reported: Set<String> = []
        func visit(_ name: String, _ path: [String]) {
            for reference in references[name] ?? [] {
                if let start = path.firstIndex(of: reference.name) {
                    let cycle = path[start...] + [reference.name]
                    guard reported.insert(cycle.dropLast().sorted().joined(separator: ",")).inserted,
                          let source = texts[name] else { continue }
                    problems.append(.templateCycle(name, Array(cycle),
                                                   at: SourceLocation(path: source.path, line: reference.line, column: reference.column)))
                } else if references[reference.name] != nil {
                    visit(reference.name, path + [reference.name])
                }
            }
        }
        for name in texts.keys.sorted() { visit(name, [name]) }
        return problems
    }

    /// Every `{{> name}}` and `{{< name}}` tag, with its 1-based line and column.
    static func partialReferences(in text: String) -> [(name: String, line: Int, column: Int)] {
        var found: [(String, Int, Int)] = []
        for (lineIndex, line) in text.markdownLines.enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                let afterOpen = rest[open.upperBound...]
                guard let sigil = afterOpen.first, sigil == ">" || sigil == "<",
                      let close = afterOpen.range(of: "}}") else {
                    rest = afterOpen
                    continue
                }
                let name = afterOpen[afterOpen.index(after: afterOpen.startIndex)..<close.lowerBound]
                    .trimmingCharacters(in: .whitespaces)
                let column = line.utf8.distance(from: line.startIndex, to: open.lowerBound) + 1
                if !name.isEmpty && !name.hasPrefix("*") { found.append((name, lineIndex + 1, column)) }
                rest = afterOpen[close.upperBound...]
            }
        }
        return found
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a closing tag does not match the section it closes"
        case .unfinishedName: return "a tag is not closed with '}}'"
        case .expectedSectionEnd: return "a section is never closed"
        case .invalidSetDelimiter: return "invalid set-delimiter tag"
        case .transformAppliedToInheritanceSection: return "a transform cannot be applied to an inheritance section"
        case .illegalTokenInsideInheritSection: return "only block definitions may appear inside a parent tag"
        case .textInsideInheritSection: return "text is not allowed directly inside a parent tag"
        case .invalidConfigVariableSyntax: return "invalid configuration tag"
        case .unrecognisedConfigVariable: return "unknown configuration tag"
        @unknown default: return "\(error)"
        }
    }
}
