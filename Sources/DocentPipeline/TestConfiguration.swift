import DocentCore
import DocentExecute

/// What `docent test` reads and which snippets it reports.
public struct TestConfiguration: Sendable {
    /// One of `count` stable parts of the articles (`--shard 2/3`): the articles with snippets, sorted by path,
    /// dealt out in turn, so the shards of one run together hold every test case exactly once.
    public struct Shard: Sendable, Hashable {
        /// 1-based.
        public var index: Int
        public var count: Int

        public init?(index: Int, count: Int) {
            guard count >= 1, (1...count).contains(index) else { return nil }
            self.index = index
            self.count = count
        }

        /// `2/3`.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
            self.init(index: index, count: count)
        }

        /// Whether the article at `position` (in path order among articles with snippets) is in this shard.
        func contains(position: Int) -> Bool { position % count == index - 1 }
    }

    public var contentDirectory: String
    /// Only test cases whose name (`content/x.md:LINE`) contains this text; `nil` for all.
    public var filter: String?
    /// Drafts are tested too by default: their code is in the repository and can break like any other.
    public var includeDrafts: Bool
    public var shard: Shard?
    /// Articles compiled and run at once.
    public var jobs: Int
    /// The Swift package the articles document (`--package`), built with SwiftPM for them to import; `nil` uses
    /// site.yml's `package:`, if it names one.
    public var packageDirectory: String?
    /// How SwiftPM builds the package: `debug` or `release`.
    public var packageConfiguration = "debug"
    /// Modules every example imports (`--import`), and the package's traits and testing build.
    public var packageChoices = PackageChoices()
    /// The most `site.yml` and front matter may ask for (`--max-time-limit`, …).
    public var ceilings = ExecutionCeilings()
    /// A package's documentation sets to read instead of a content folder (``PackageDocumentation``); the content
    /// directory is then the package's folder. Empty: read the content directory as usual.
    public var documentationSets: [DocumentationSet] = []
    /// Files the run writes that may lie in the package folder (the JUnit report): left out of the package's copy,
    /// so writing them does not make the next run build the package again.
    public var packageExcluded: [String] = []

    public init(contentDirectory: String = "content", filter: String? = nil, includeDrafts: Bool = true,
                shard: Shard? = nil, jobs: Int = 1) {
        self.contentDirectory = contentDirectory
        self.filter = filter
        self.includeDrafts = includeDrafts
        self.shard = shard
        self.jobs = jobs
    }
}
