import Foundation

/// The site's `base-url`, read as an address: absolute (`https://example.org/blog/`) or a path (`/`, the default).
struct SiteAddress: Sendable, Hashable {
    let baseURL: String

    init(_ baseURL: String) {
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
    }

    /// Whether `base-url` names a scheme and host, so canonical links, feeds and sitemaps can be absolute.
    var isAbsolute: Bool {
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "https" || scheme == "http") && url.host != nil
    }

    /// The path the site is served under (`/blog/`), for pages such as 404.html that are served at any depth.
    var rootPath: String {
        if isAbsolute, let url = URL(string: baseURL) {
            let path = url.path
            return path.isEmpty ? "/" : (path.hasSuffix("/") ? path : path + "/")
        }
        return baseURL.hasPrefix("/") ? baseURL : "/" + baseURL
    }

    /// Where the list of every tag is published, relative to the site's root.
    static let tagsPage = "tags/"

    /// Where a series' page is published, relative to the site's root (`series/dates/`).
    static func seriesPage(_ slug: String) -> String { "series/\(slug)/" }

    /// Where a tag's page is published, relative to the site's root (`tags/formatting/`).
    static func tagPage(_ slug: String) -> String { tagsPage + "\(slug)/" }

    /// The absolute URL of a page (`guides/intro/`), or `nil` when `base-url` is not absolute.
    func absolute(_ page: String) -> String? {
        isAbsolute ? baseURL + LinkResolver.percentEncode(page) : nil
    }
}
