import DocentCore
/// Runs an article's snippets; one SnippetRun per snippet, in the same order.
public protocol ArticleRunning: Sendable {
    /// Compiles the support module (`content/_support/*.swift`) once per build; its compile errors come back as diagnostics located in those files.
    func prepareSupport(moduleName: String, sources: [SupportSource]) throws
    func run(articlePath: String, snippets: [Snippet], settings: ExecutionSettings, supportModule: String?) -> [SnippetRun]
}
/// A Swift file of the support module. `path` is as the user names it (content/_support/Field.swift).
public struct SupportSource: Sendable, Hashable { public var path: String; public var text: String; public init(path: String, text: String) { self.path = path; self.text = text } }
