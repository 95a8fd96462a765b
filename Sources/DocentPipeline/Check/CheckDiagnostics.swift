import DocentCore

/// The diagnostics the Check stage and `docent test` make, each with its stable ``DiagnosticID`` (`check.…`): the
/// only place their wording is written.
///
/// ```swift
/// reporter.report(CheckDiagnostics.noTestCaseMatches("intro"))   // id: check.filter.no-match
/// ```
enum CheckDiagnostics {
    /// The names of the Check stage's diagnostics.
    enum ID {
        static let noTestCaseMatches = DiagnosticID("check.filter.no-match")
        static let junitUnwritable = DiagnosticID("check.junit.unwritable")
        static let updateFileChanged = DiagnosticID("check.update.file-changed")
        static let updateUnwritable = DiagnosticID("check.update.unwritable")
        static let updateOutputTruncated = DiagnosticID("check.update.output-truncated")
        static let updateOutputBlockGone = DiagnosticID("check.update.output-block-gone")
        static let updateOutputFenceGone = DiagnosticID("check.update.output-fence-gone")
        static let updateOutputClosesFence = DiagnosticID("check.update.output-closes-fence")
        static let updatePrintsCount = DiagnosticID("check.update.prints-count")
        static let updateLineChanged = DiagnosticID("check.update.line-changed")
        static let updateLineGone = DiagnosticID("check.update.line-gone")
        static let updatePrintsUnwritable = DiagnosticID("check.update.prints-unwritable")
        static let updateValueMultiline = DiagnosticID("check.update.value-multiline")

        /// A snippet's failure, `check.failure.` and its kind: `check.failure.does-not-compile`.
        static func failure(_ kind: SnippetResult.Failure.Kind) -> DiagnosticID {
            DiagnosticID("check.failure.\(kind.rawValue)")
        }
    }

    static func noTestCaseMatches(_ filter: String) -> Diagnostic {
        .warning(ID.noTestCaseMatches, at: nil, "no test case matches '\(filter)'", notes: ["test cases are named like content/guide.md:12"])
    }

    static func junitUnwritable(_ path: String, _ error: any Error) -> Diagnostic {
        .error(ID.junitUnwritable, at: SourceLocation(path: path), "could not write the JUnit report: \(FileErrorText.describe(error))")
    }

    /// A snippet's unmet expectation as `build` and `serve` report it.
    static func failure(_ failure: SnippetResult.Failure, snippet name: String, notes: [String]) -> Diagnostic {
        .error(ID.failure(failure.kind), at: failure.location, "snippet \(name): \(failure.message)", notes: notes)
    }

    // `docent test --update`

    static func updateFileChanged(_ path: String) -> Diagnostic {
        .error(ID.updateFileChanged, at: SourceLocation(path: path), "not updated: the file changed while docent was running",
               notes: ["run `docent test --update` again to update it"])
    }

    static func updateUnwritable(_ path: String, _ error: any Error) -> Diagnostic {
        .error(ID.updateUnwritable, at: SourceLocation(path: path), "not updated: \(FileErrorText.describe(error))",
               notes: ["the file is as it was; make it writable and run `docent test --update` again"])
    }

    static func updateOutputTruncated(at location: SourceLocation) -> Diagnostic {
        .warning(ID.updateOutputTruncated, at: location, "not updated: the output was truncated")
    }

    static func updateOutputBlockGone(at location: SourceLocation) -> Diagnostic {
        .warning(ID.updateOutputBlockGone, at: location, "not updated: the output block is no longer there")
    }

    static func updateOutputFenceGone(at location: SourceLocation) -> Diagnostic {
        .warning(ID.updateOutputFenceGone, at: location, "not updated: the output block's fence is no longer there")
    }

    static func updateOutputClosesFence(at location: SourceLocation) -> Diagnostic {
        .warning(ID.updateOutputClosesFence, at: location, "not updated: a line of the output would close the block's fence",
                 notes: ["use a longer fence for the output block"])
    }

    static func updatePrintsCount(at location: SourceLocation, printed: Int, comments: Int) -> Diagnostic {
        .warning(ID.updatePrintsCount, at: location, "not updated: the snippet printed \(printed) lines but has \(comments) `// Prints` comments",
                 notes: ["write one `// Prints \"…\"` comment per printed line"])
    }

    static func updateLineChanged(at location: SourceLocation) -> Diagnostic {
        .warning(ID.updateLineChanged, at: location, "not updated: the line changed since it was read")
    }

    static func updateLineGone(at location: SourceLocation) -> Diagnostic {
        .warning(ID.updateLineGone, at: location, "not updated: the line is no longer there")
    }

    static func updatePrintsUnwritable(at location: SourceLocation, line quoted: String) -> Diagnostic {
        .warning(ID.updatePrintsUnwritable, at: location, "not updated: \(quoted) cannot be written in this `// Prints` comment",
                 notes: ["write the comment again by hand"])
    }

    static func updateValueMultiline(at location: SourceLocation) -> Diagnostic {
        .warning(ID.updateValueMultiline, at: location, "not updated: the value spans several lines")
    }
}
