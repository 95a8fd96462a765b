import DocentCore

extension SiteRenderer {
    /// The warning for a `site.yml` whose `base-url` is not absolute: pages then get no canonical or Open Graph
    /// address and the site no sitemap. `nil` when the address is absolute or the site has no `site.yml`.
    static func baseURLWarning(_ config: SiteConfig, siteFile: String?) -> Diagnostic? {
        guard let siteFile, !SiteAddress(config.baseURL).isAbsolute else { return nil }
        return .baseURLNotAbsolute(config.baseURL, at: siteFile)
    }
}
