import DocentCore

/// The diagnostics the commands make themselves, outside any stage.
extension DiagnosticID {
    /// `docent clean` could not remove a cache: Docent's own scratch space.
    public static let cliCouldNotRemoveCache = DiagnosticID("cli.could-not-remove-cache", fault: true)
}

extension Diagnostic {
    static func couldNotRemoveCache(_ folder: String, _ error: any Error) -> Diagnostic {
        .error(.cliCouldNotRemoveCache, at: SourceLocation(path: folder), "could not remove the cache: \(FileErrorText.describe(error))")
    }
}
