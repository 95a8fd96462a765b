extension SnippetResult.Failure {
    /// What kind of expectation a snippet did not meet; the raw value is stable (JUnit's failure `type`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A program line of the snippet has a compile error.
        case doesNotCompile = "does-not-compile"
        /// A compile error on a line of a snippet whose comments mark other lines as errors.
        case doesNotCompileOnUnmarkedLine = "does-not-compile-on-unmarked-line"
        /// A package manifest or declaration listing does not type-check.
        case doesNotCheck = "does-not-check"
        /// It trapped (a runtime failure, or a limit it exceeded).
        case trapped
        /// It trapped on a line no comment marks as an error.
        case trappedOnUnmarkedLine = "trapped-on-unmarked-line"
        /// The article's time limit ran out while it ran.
        case timedOut = "timed-out"
        /// It never ran: the program stopped (a trap, a time-out, an exit) before it.
        case notRun = "not-run"
        /// `compile-fail`: it compiled.
        case compiledButMarkedCompileFail = "did-not-fail-to-compile"
        /// `compile-fail="text"`: its compile error does not mention the text.
        case compileErrorDiffers = "compile-error-differs"
        /// `compile-fail`: only the article's earlier snippets fail to compile, so its own error cannot be seen.
        case earlierSnippetsDoNotCompile = "earlier-snippets-do-not-compile"
        /// `crash`: it ran to its end.
        case ranButMarkedCrash = "did-not-trap"
        /// A line its comment marks as an error compiled (and ran).
        case markedErrorDidNotFail = "marked-error-did-not-fail"
        /// Its output differs from the output block.
        case outputDiffers = "output-differs"
        /// Its output differs from its `// Prints` comments.
        case printsDiffer = "prints-differ"
        /// Its output was cut at the output limit where an expectation compares it.
        case outputTruncated = "output-truncated"
        /// A `// =>` line produced no value.
        case noValue = "no-value"
        /// A `// =>` line produced another value.
        case valueDiffers = "value-differs"
        /// A Swift Testing test it declares did not run.
        case testNotRun = "test-not-run"
        /// A Swift Testing test it declares trapped.
        case testTrapped = "test-trapped"
        /// A Swift Testing test it declares recorded issues.
        case testFailed = "test-failed"
    }
}
