import DocentCore

extension SiteWriter {
    /// Writes the site as `write(_:to:)` does, with its search index built into the staging folder before the swap.
    /// Pages that did not change keep their index: the indexer runs only when some page did. A previous site that
    /// already is the new one (its index included, when there is an indexer) is left as it is. Returns the indexer's
    /// warning, if any.
    func write(_ files: [OutputFile], to output: String, searchIndexer: (any SearchIndexing)?) throws -> Diagnostic? {
        var warning: Diagnostic?
        try write(files, to: output, reuse: .ifUnchanged(keeping: searchIndexer == nil ? nil : "pagefind")) { staging, changed in
            guard let searchIndexer else { return }
            if !changed, carryOver("pagefind", from: output, into: staging) { return }
            warning = try searchIndexer.index(site: staging)
        }
        return warning
    }
}
