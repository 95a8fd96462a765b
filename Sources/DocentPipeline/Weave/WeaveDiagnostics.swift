import DocentCore
import DocentMarkdown

/// The Weave stage's diagnostics: links, images and `<doc:>` references that lead nowhere, and DocC directives docent
/// shows differently from how they are written.
extension DiagnosticID {
    public static let weaveImageWithoutAltText = DiagnosticID("weave.image-without-alt-text")
    public static let weaveDirectivesTooDeep = DiagnosticID("weave.directives-too-deep")
    public static let weaveMissingImage = DiagnosticID("weave.missing-image")
    public static let weaveBrokenLink = DiagnosticID("weave.broken-link")
    public static let weaveDocLinkNamesNothing = DiagnosticID("weave.doc-link.names-nothing")
    public static let weaveDocLinkAmbiguous = DiagnosticID("weave.doc-link.ambiguous")
    public static let weaveDocLinkMissing = DiagnosticID("weave.doc-link.missing")
    public static let weaveMissingAnchor = DiagnosticID("weave.missing-anchor")
    public static let weaveDirectiveUnclosed = DiagnosticID("weave.directive.unclosed")
    public static let weaveDirectiveSnippetWithoutPath = DiagnosticID("weave.directive.snippet-without-path")
    public static let weaveDirectiveMissingSnippet = DiagnosticID("weave.directive.missing-snippet")
    public static let weaveDirectiveImageWithoutSource = DiagnosticID("weave.directive.image-without-source")
    public static let weaveDirectiveUnknown = DiagnosticID("weave.directive.unknown")
}

extension Diagnostic {
    static func imageWithoutAltText(_ destination: String, at location: SourceLocation) -> Diagnostic {
        .warning(.weaveImageWithoutAltText, at: location,
                 "image '\(destination)' has no alt text: screen readers and search engines will skip it",
                 notes: ["describe the image between the brackets: ![A diagram of …](\(destination))"])
    }

    static func directivesTooDeep(at location: SourceLocation) -> Diagnostic {
        .warning(.weaveDirectivesTooDeep, at: location,
                 "directives nested more than \(Directive.maximumNesting) deep: this one and its content are left out",
                 notes: ["flatten the nesting"])
    }

    static func missingImage(_ destination: String, name: String, at location: SourceLocation) -> Diagnostic {
        .error(.weaveMissingImage, at: location, "no image named '\(destination)' in the content folder",
               notes: ["add \(name).png (or \(name)@2x.png, \(name)~dark.png, \(name)~dark@2x.png; "
                       + ".jpg, .jpeg, .gif and .svg too) anywhere in the content folder, or fix the name"])
    }

    static func brokenLink(_ destination: String, target: String, at location: SourceLocation) -> Diagnostic {
        .error(.weaveBrokenLink, at: location, "link to '\(destination)': no article or file '\(target)' in the content folder",
               notes: ["fix the path (it is relative to this file), or add the file"])
    }

    static func docLinkNamesNothing(_ destination: String, at location: SourceLocation) -> Diagnostic {
        .error(.weaveDocLinkNamesNothing, at: location, "'<\(destination)>' names no article", notes: ["write <doc:ArticleFileName>"])
    }

    static func docLinkAmbiguous(_ destination: String, name: String, paths: [String], at location: SourceLocation) -> Diagnostic {
        .error(.weaveDocLinkAmbiguous, at: location, "'<\(destination)>' could be any of \(paths.count) articles named '\(name).md'",
               notes: ["name its folder too: " + paths.map { "<doc:\($0.dropLast(3))>" }.joined(separator: ", ")])
    }

    static func docLinkMissing(_ destination: String, name: String, suggestion: String?, at location: SourceLocation) -> Diagnostic {
        let notes = (suggestion.map { ["did you mean '<doc:\($0)>'?"] } ?? [])
            + ["link to an article by its file name without .md, e.g. <doc:TheBasics> for TheBasics.md"]
        return .error(.weaveDocLinkMissing, at: location, "no article named '\(name)' for '<\(destination)>'", notes: notes)
    }

    static func missingAnchor(_ fragment: String, on page: String, suggestion: String?, at location: SourceLocation) -> Diagnostic {
        let notes = (suggestion.map { ["did you mean '#\($0)'?"] } ?? [])
            + ["link to one of the page's headings or examples (#example-1 …), or fix the heading"]
        return .error(.weaveMissingAnchor, at: location, "no anchor '#\(fragment)' on \(page)", notes: notes)
    }

    static func directiveUnclosed(_ name: String, at location: SourceLocation) -> Diagnostic {
        .warning(.weaveDirectiveUnclosed, at: location, "directive '@\(name)' opens a body with '{' but no line closes it with '}'",
                 notes: ["add a line holding only '}' where the body ends"])
    }

    static func snippetDirectiveWithoutPath(at location: SourceLocation) -> Diagnostic {
        .warning(.weaveDirectiveSnippetWithoutPath, at: location, "'@Snippet' needs a path: @Snippet(path: \"Package/Snippets/Name\")")
    }

    static func missingSnippet(_ path: String, at location: SourceLocation) -> Diagnostic {
        .warning(.weaveDirectiveMissingSnippet, at: location, "no snippet '\(path)' in the package's Snippets/ folder; nothing is shown",
                 notes: ["the path is the package's name, Snippets/, and the file's name without .swift"])
    }

    static func imageDirectiveWithoutSource(at location: SourceLocation) -> Diagnostic {
        .warning(.weaveDirectiveImageWithoutSource, at: location, "'@Image' needs a source: @Image(source: \"name\", alt: \"…\")")
    }

    static func unknownDirective(_ name: String, at location: SourceLocation) -> Diagnostic {
        .warning(.weaveDirectiveUnknown, at: location,
                 "unknown directive '@\(name)': its content is shown, the directive itself is ignored",
                 notes: ["DocC's directives include @Metadata, @Options, @Comment, @Small, @Row, @TabNavigator and @Image"])
    }
}
