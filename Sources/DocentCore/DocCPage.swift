/// What an article's DocC markup says about its page: whether it is the catalog's root (`@TechnologyRoot`), the
/// `@Metadata` it sets, and the `## Topics` lists that order the catalog's articles.
public struct DocCPage: Sendable, Hashable {
    /// One `### Group` of the Topics section (the group's title is `nil` for links before any `###` heading).
    public struct TopicGroup: Sendable, Hashable {
        public var title: String?
        /// The `doc:` destinations listed, in order, with where each was written.
        public var references: [Reference]

        public init(title: String?, references: [Reference] = []) {
            self.title = title
            self.references = references
        }
    }

    /// One `- <doc:Name>` of a Topics list.
    public struct Reference: Sendable, Hashable {
        public var destination: String
        public var location: SourceLocation

        public init(destination: String, location: SourceLocation) {
            self.destination = destination
            self.location = location
        }
    }

    /// `@TechnologyRoot` (alone or in `@Metadata`): the page is the catalog's root, and the site's home page.
    public var isTechnologyRoot: Bool
    /// `@Metadata { @DisplayName("…") }`: the title the page shows instead of its first heading.
    public var displayName: String?
    /// `@Metadata { @PageKind(article) }`: `article` or `sampleCode`, as written.
    public var pageKind: String?
    /// The symbol link the page's title is (`# ``Algorithms`` ` → `Algorithms`): DocC's module page, or a page that
    /// extends a symbol's documentation; `nil` for a title in words.
    public var symbolTitle: String?
    public var topics: [TopicGroup]

    public init(isTechnologyRoot: Bool = false, displayName: String? = nil, pageKind: String? = nil, topics: [TopicGroup] = []) {
        self.isTechnologyRoot = isTechnologyRoot
        self.displayName = displayName
        self.pageKind = pageKind
        self.topics = topics
    }
}
