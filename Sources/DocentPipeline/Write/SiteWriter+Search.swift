import DocentCore

extension SiteWriter {
    /// Writes the site as `write(_:to:)` does, with its search index built into the staging folder before the swap.
    /// Pages that did not change keep their index: the indexer runs only when some page did. A previous site that
    /// already is the new one is left as it is: with its index when the indexer can run, with none when it cannot
    /// (whose warning is given all the same). Returns the indexer's warning, if any.
    func write(_ files: [OutputFile], to output: String, searchIndexer: (any SearchIndexing)?) throws -> Diagnostic? {
        var warning: Diagnostic?
        let kept = searchIndexer?.isAvailable == true ? "pagefind" : nil
        let summary = try write(files, to: output, reuse: .ifUnchanged(keeping: kept)) { staging, changed in
            guard let searchIndexer else { return }
            if !changed, carryOver("pagefind", from: output, into: staging) { return }
            warning = try searchIndexer.index(site: staging)
        }
        if summary.reused, let searchIndexer, !searchIndexer.isAvailable {
            // An indexer that cannot run writes nothing and says why, as it would over a staged site.
            warning = try searchIndexer.index(site: output)
        }
        return warning
    }
}
