import DocentCore

/// The Write stage's diagnostics (and those of the other writers of the user's files: `theme eject`, `init`, `new`):
/// output folders docent may not replace, files it could not write, and the search index.
extension DiagnosticID {
    public static let writeCouldNotWrite = DiagnosticID("write.could-not-write")
    public static let writeCouldNotReplace = DiagnosticID("write.could-not-replace")
    public static let writePathTooLong = DiagnosticID("write.path-too-long")
    public static let writeOutputIsFile = DiagnosticID("write.output-is-file")
    public static let writeNotMadeByDocent = DiagnosticID("write.not-made-by-docent")
    public static let writeThemeTargetIsFile = DiagnosticID("write.theme-target-is-file")
    public static let writeWouldOverwrite = DiagnosticID("write.would-overwrite")
    public static let writeSearchNotInstalled = DiagnosticID("write.search.not-installed")
    public static let writeSearchCannotRun = DiagnosticID("write.search.cannot-run", fault: true)
    public static let writeSearchFailed = DiagnosticID("write.search.failed", fault: true)
}

extension Diagnostic {
    static func couldNotWriteSite(_ error: any Error, at output: String) -> Diagnostic {
        .error(.writeCouldNotWrite, at: SourceLocation(path: output), "could not write the site: \(FileErrorText.describe(error))",
               notes: ["the previous site, if any, is unchanged"])
    }

    static func couldNotReplaceSite(_ error: any Error, at output: String) -> Diagnostic {
        .error(.writeCouldNotReplace, at: SourceLocation(path: output), "could not replace the site: \(FileErrorText.describe(error))",
               notes: ["the previous site, if any, is unchanged"])
    }

    /// `what` is "a name of 300 bytes (the limit is 255)" or "a path of … bytes".
    static func sitePathTooLong(_ shown: Substring, would what: String, at output: String) -> Diagnostic {
        .error(.writePathTooLong, at: SourceLocation(path: output), "the site's file '\(shown)' would have \(what)",
               notes: ["shorten the slug, folder names or output path it is made of"])
    }

    static func outputIsFile(at output: String) -> Diagnostic {
        .error(.writeOutputIsFile, at: SourceLocation(path: output), "the output path is a file, not a folder",
               notes: ["choose another --output"])
    }

    static func notMadeByDocent(at output: String) -> Diagnostic {
        .error(.writeNotMadeByDocent, at: SourceLocation(path: output), "refusing to replace '\(output)': it was not made by docent",
               notes: ["docent replaces its output folder on every build; choose an empty or new --output,"
                       + " or delete the folder yourself if you are sure"])
    }

    static func themeTargetIsFile(at directory: String) -> Diagnostic {
        .error(.writeThemeTargetIsFile, at: SourceLocation(path: directory), "'\(directory)' is a file, not a folder",
               notes: ["choose a folder to write the theme into"])
    }

    static func wouldOverwrite(at first: String, others: Int, more: String, advice: String) -> Diagnostic {
        .error(.writeWouldOverwrite, at: SourceLocation(path: first),
               "refusing to overwrite this file" + (others > 0 ? " and \(others) more \(more)" : ""),
               notes: ["nothing was written; \(advice)"])
    }

    static let searchNotInstalled = Diagnostic.warning(
        .writeSearchNotInstalled, at: nil, "the site has no search: Pagefind is not installed",
        notes: ["install it with `pip install 'pagefind[bin]'`, or set PAGEFIND to its executable"])

    static func searchCannotRun(_ executable: String, _ error: any Error) -> Diagnostic {
        .warning(.writeSearchCannotRun, at: nil, "the site has no search: cannot run \(executable): \(error.localizedDescription)")
    }

    static func searchFailed(_ executable: String, detail: String) -> Diagnostic {
        .warning(.writeSearchFailed, at: nil, "the site has no search: \(executable) failed" + (detail.isEmpty ? "" : ": \(detail)"))
    }
}
