/// What `docent test` reads and which snippets it reports.
public struct TestConfiguration: Sendable {
    public var contentDirectory: String
    /// Only test cases whose name (`content/x.md:LINE`) contains this text; `nil` for all.
    public var filter: String?
    /// Drafts are tested too by default: their code is in the repository and can break like any other.
    public var includeDrafts: Bool

    public init(contentDirectory: String = "content", filter: String? = nil, includeDrafts: Bool = true) {
        self.contentDirectory = contentDirectory
        self.filter = filter
        self.includeDrafts = includeDrafts
    }
}
