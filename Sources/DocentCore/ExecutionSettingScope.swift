/// Where an execution setting may be written: only in `site.yml` (for every article), or in an article's front
/// matter too (which wins over `site.yml`).
public enum ExecutionSettingScope: Sendable, Hashable {
    case site
    case siteAndArticle

    /// Whether front matter may set it.
    public var articleMaySet: Bool { self == .siteAndArticle }
}
