import DocentCore

/// Runs articles' snippets; one `SnippetRun` per snippet, in the same order.
///
/// ```swift
/// try runner.prepare(supportModule: "TutorialSupport", sources: support)   // once per build
/// let runs = try runner.run(ArticleJob(articlePath: path, snippets: snippets, facts: facts, settings: settings,
///                                      supportModule: "TutorialSupport"))
/// ```
public protocol ArticleRunning: Sendable {
    /// Finds the compiler and builds the runtime, then the support module (`content/_support/*.swift`) if
    /// `supportModule` names one. Throws a `DiagnosticError`: for an unusable toolchain one error without a
    /// location; for the support code its compile errors, located in those files. Returns warnings to show once
    /// (no sandbox on this machine).
    func prepare(supportModule: String?, sources: [SupportSource]) throws -> [Diagnostic]
    /// Compiles and runs one article. Failures of the article's code are in the runs; it throws only when the
    /// tools fail (no compiler, a folder that cannot be written), as one `DiagnosticError`.
    func run(_ job: ArticleJob) throws -> [SnippetRun]
    /// What `swiftc --version` said, once `prepare` has run; `nil` for runners without a compiler.
    var compilerVersion: String? { get }
}

extension ArticleRunning {
    public var compilerVersion: String? { nil }
}

/// One article's snippets, what swift-syntax found in each, and the settings they run under.
public struct ArticleJob: Sendable {
    public var articlePath: String
    public var snippets: [Snippet]
    /// One per snippet.
    public var facts: [BlockFacts]
    public var settings: ExecutionSettings
    public var supportModule: String?

    public init(articlePath: String, snippets: [Snippet], facts: [BlockFacts], settings: ExecutionSettings,
                supportModule: String?) {
        self.articlePath = articlePath
        self.snippets = snippets
        self.facts = facts
        self.settings = settings
        self.supportModule = supportModule
    }
}

/// A Swift file of the support module. `path` is as the user names it (content/_support/Field.swift).
public struct SupportSource: Sendable, Hashable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
