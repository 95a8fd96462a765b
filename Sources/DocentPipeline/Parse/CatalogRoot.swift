import DocentCore

/// Which page of a DocC catalog without `@TechnologyRoot` is its landing page, as DocC decides: the page titled
/// with the module's symbol link (``` # ``Algorithms`` ``` in `Sources/Algorithms/Documentation.docc`), else the
/// catalog's top-level `index.md` (in a `.docc` folder, or titled with a symbol link). Such a page is the home page,
/// never "an article that would replace the home page"; an `index.md` of a site of articles still is that error.
///
/// ```swift
/// if let index = CatalogRoot.impliedRoot(of: articles) { articles[index].docc.isTechnologyRoot = true }
/// ```
enum CatalogRoot {
    /// The index of the implied root among `articles`, or `nil` when none is (a folder of plain articles).
    static func impliedRoot(of articles: [Article]) -> Int? {
        let topLevel = articles.indices.filter { !articles[$0].relativePath.contains("/") }
        let modules = Set(articles.flatMap { moduleNames(path: $0.path, relativePath: $0.relativePath) })
        let titled = topLevel.filter { index in
            guard let symbol = articles[index].docc.symbolTitle, !symbol.contains("/") else { return false }
            return modules.contains(normalized(symbol))
        }
        if titled.count == 1 { return titled[0] }
        // An index.md is a catalog's landing page: in a `.docc` folder, or titled with a symbol link. In a site of
        // articles it still may not take the home page.
        let indexPages = topLevel.filter { index in
            articles[index].relativePath.lowercased() == "index.md" && (!modules.isEmpty || articles[index].docc.symbolTitle != nil)
        }
        if indexPages.count == 1 { return indexPages[0] }
        // No folder names the module (the content is a copy named otherwise): the one top-level page whose title is
        // a one-word symbol link that no other page extends as `Module/Symbol`.
        let symbolPages = topLevel.filter { articles[$0].docc.symbolTitle.map { !$0.contains("/") && !$0.contains(".") } ?? false }
        if symbolPages.count == 1 { return symbolPages[0] }
        return nil
    }

    /// The names the catalog's module may have, from the folders holding it: the `.docc` folder's name and the folder
    /// it sits in (`Sources/DequeModule/DequeModule.docc`, `Sources/Logging/Docs.docc`), normalised.
    static func moduleNames(path: String, relativePath: String) -> [String] {
        guard path.hasSuffix(relativePath) else { return [] }
        let folder = path.dropLast(relativePath.count)
        let components = folder.split(separator: "/").map(String.init)
        guard let catalog = components.lastIndex(where: { $0.hasSuffix(".docc") }) else { return [] }
        var names = [normalized(String(components[catalog].dropLast(5)))]
        if catalog > 0 { names.append(normalized(components[catalog - 1])) }
        return names
    }

    /// Compared as SwiftPM makes a module name of a folder's: case and `-`/`_` set aside.
    static func normalized(_ name: String) -> String {
        name.lowercased().filter { $0 != "-" && $0 != "_" }
    }
}
