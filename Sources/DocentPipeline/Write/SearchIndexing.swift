import DocentCore

/// Builds a search index into a freshly written site folder, before it is swapped in.
public protocol SearchIndexing: Sendable {
    /// Whether an index can be built at all (the tool is installed); pages show a search box only then.
    var isAvailable: Bool { get }
    /// Indexes the site at `site`; returns a warning when search could not be built (the site works without it).
    func index(site: String) throws -> Diagnostic?
}
