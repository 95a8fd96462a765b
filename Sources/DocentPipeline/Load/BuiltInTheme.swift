import Foundation

/// The default theme, compiled into `docent` from this repository's `templates/` folder (through the
/// `Sources/DocentPipeline/Theme` link), so a site needs no templates of its own.
///
/// Every file of `templates/` must be listed here and in `Package.swift`; a test compares the lists with the folder.
public enum BuiltInTheme {
    /// How messages name a built-in file: `(built-in theme)/article.mustache`.
    public static let label = "(built-in theme)"

    /// Each file's path relative to the theme's root, and its bytes.
    public static let files: [(path: String, contents: [UInt8])] = [
        ("layout.mustache", PackageResources.layout_mustache),
        ("home.mustache", PackageResources.home_mustache),
        ("article.mustache", PackageResources.article_mustache),
        ("page.mustache", PackageResources.page_mustache),
        ("series.mustache", PackageResources.series_mustache),
        ("tag.mustache", PackageResources.tag_mustache),
        ("tags.mustache", PackageResources.tags_mustache),
        ("404.mustache", PackageResources._04_mustache),
        ("partials/article-card.mustache", PackageResources.article_card_mustache),
        ("partials/footer.mustache", PackageResources.footer_mustache),
        ("partials/header.mustache", PackageResources.header_mustache),
        ("partials/pager.mustache", PackageResources.pager_mustache),
        ("partials/series-nav.mustache", PackageResources.series_nav_mustache),
        ("partials/tag-list.mustache", PackageResources.tag_list_mustache),
        ("partials/toc.mustache", PackageResources.toc_mustache),
        ("partials/verification.mustache", PackageResources.verification_mustache),
        ("assets/style.css", PackageResources.style_css),
        ("assets/docent.js", PackageResources.docent_js),
        ("assets/favicon.svg", PackageResources.favicon_svg),
    ]
}
