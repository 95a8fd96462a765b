import DocentCore

extension ContentParser {
    /// Arranges the articles as DocC does: all of them as one catalog for a content folder; for a package's
    /// documentation sets, each catalog on its own as a section (its root page at its folder), and the README the
    /// home page naming the site.
    static func arrange(_ articles: inout [Article], sets: [DocumentationSet], config: inout SiteConfig,
                        images: ImageCatalog) -> [Diagnostic] {
        guard !sets.isEmpty else { return DocCCatalog.arrange(&articles, config: &config, images: images) }
        var problems: [Diagnostic] = []
        for set in sets {
            let members = articles.indices.filter { set.contains(articles[$0].relativePath) }
            var group = members.map { articles[$0] }
            if set.kind == .readme {
                for index in group.indices { group[index].docc.isTechnologyRoot = true }
            }
            // A package's catalogs are found below its README, so their roots are never a second home page.
            let home = set.kind == .catalog ? set.path + "/" : ""
            if set.kind == .catalog || set.kind == .readme {
                problems += DocCCatalog.arrange(&group, config: &config, images: images, home: home)
                // The README is the site's one root; a catalog's root is its section's page, rendered as an article.
                if set.kind == .catalog { for index in group.indices { group[index].docc.isTechnologyRoot = false } }
            } else {
                for index in group.indices { group[index].images = images }
            }
            for (index, article) in zip(members, group) { articles[index] = article }
        }
        return problems
    }
}
