import DocentCore
import DocentSwift

/// The Extract stage's diagnostics: snippet attributes, `output` blocks, `// =>`, `// Prints` and quiet comments, and
/// snippets docent will not analyse.
extension DiagnosticID {
    public static let extractOrphanOutput = DiagnosticID("extract.orphan-output")
    public static let extractUnclosedQuote = DiagnosticID("extract.unclosed-quote")
    public static let extractStandaloneValueComment = DiagnosticID("extract.standalone-value-comment")
    public static let extractStandaloneQuietComment = DiagnosticID("extract.standalone-quiet-comment")
    public static let extractQuietNeverRuns = DiagnosticID("extract.quiet-never-runs")
    public static let extractPrintsComment = DiagnosticID("extract.prints-comment")
    public static let extractArgumentsWithoutMain = DiagnosticID("extract.arguments-without-main")
    public static let extractOutputNeverChecked = DiagnosticID("extract.output-never-checked")
    public static let extractValueNeverChecked = DiagnosticID("extract.value-never-checked")
    public static let extractPrintsNeverChecked = DiagnosticID("extract.prints-never-checked")
    public static let extractTooLarge = DiagnosticID("extract.too-large")
    public static let extractNestedTooDeep = DiagnosticID("extract.nested-too-deep")
    public static let extractSquareBracketsTooDeep = DiagnosticID("extract.square-brackets-too-deep")
    public static let extractTooSlow = DiagnosticID("extract.too-slow")
    public static let extractAttributeCompileFailEmpty = DiagnosticID("extract.attribute.compile-fail-empty")
    public static let extractAttributeInvalidValues = DiagnosticID("extract.attribute.invalid-values")
    public static let extractAttributeValuesConflict = DiagnosticID("extract.attribute.values-conflict")
    public static let extractAttributeArgumentsUnquoted = DiagnosticID("extract.attribute.arguments-unquoted")
    public static let extractAttributeArgumentsTwice = DiagnosticID("extract.attribute.arguments-twice")
    public static let extractAttributeTakesNoValue = DiagnosticID("extract.attribute.takes-no-value")
    public static let extractAttributeUnknown = DiagnosticID("extract.attribute.unknown")
    public static let extractAttributeModeConflict = DiagnosticID("extract.attribute.mode-conflict")
    public static let extractAttributeValuesNeverRun = DiagnosticID("extract.attribute.values-never-run")
    public static let extractAttributeArgumentsNotShared = DiagnosticID("extract.attribute.arguments-not-shared")
}

extension Diagnostic {
    static func orphanOutput(at location: SourceLocation) -> Diagnostic {
        .error(.extractOrphanOutput, at: location, "an `output` block must come right after a swift snippet",
               notes: ["move it under the ```swift block whose output it shows, or use another info string"])
    }

    static func unclosedQuote(at location: SourceLocation) -> Diagnostic {
        .error(.extractUnclosedQuote, at: location, "this quote is never closed", notes: ["write compile-fail=\"text\" with a closing quote"])
    }

    static func standaloneValueComment(at location: SourceLocation) -> Diagnostic {
        .error(.extractStandaloneValueComment, at: location,
               "a `// =>` comment must follow the code whose value it names, on the same line", notes: ["move it to the end of that line"])
    }

    static func standaloneQuietComment(at location: SourceLocation) -> Diagnostic {
        .error(.extractStandaloneQuietComment, at: location,
               "a `// \(Snippet.quietMarker)` comment must follow the code whose values it hides, on the same line",
               notes: ["move it to the end of that line"])
    }

    static func quietNeverRuns(_ mode: Snippet.Mode, at location: SourceLocation) -> Diagnostic {
        .error(.extractQuietNeverRuns, at: location,
               "a `// \(Snippet.quietMarker)` comment in a `\(mode.attribute)` snippet has nothing to quiet: the snippet never runs",
               notes: ["remove it"])
    }

    static func printsComment(_ warning: PrintsCommentWarning, at location: SourceLocation) -> Diagnostic {
        .warning(.extractPrintsComment, at: location, warning.message, notes: [warning.advice])
    }

    static func argumentsWithoutMain(at location: SourceLocation) -> Diagnostic {
        .error(.extractArgumentsWithoutMain, at: location, "'args=' needs a block with a `@main` type: nothing else reads arguments",
               notes: ["remove it, or mark the command's type `@main`"])
    }

    static func outputNeverChecked(_ mode: Snippet.Mode, fix: String, at location: SourceLocation) -> Diagnostic {
        .error(.extractOutputNeverChecked, at: location,
               "an `output` block cannot follow a `\(mode.attribute)` snippet: it never runs, so nothing checks it", notes: [fix])
    }

    static func valueNeverChecked(_ mode: Snippet.Mode, fix: String, at location: SourceLocation) -> Diagnostic {
        .error(.extractValueNeverChecked, at: location,
               "a `// =>` value in a `\(mode.attribute)` snippet is never checked: the snippet never runs", notes: [fix])
    }

    static func printsNeverChecked(_ mode: Snippet.Mode, fix: String, at location: SourceLocation) -> Diagnostic {
        .error(.extractPrintsNeverChecked, at: location,
               "a `// Prints` comment in a `\(mode.attribute)` snippet is never checked: the snippet never runs",
               notes: [fix + ", or write it as a plain comment (`// prints:`)"])
    }

    /// A snippet beyond one of ``AnalysisLimits``, named by the limit it crossed.
    static func analysisRefused(_ refusal: AnalysisRefusal, at location: SourceLocation) -> Diagnostic {
        let id: DiagnosticID = switch refusal {
        case .tooLarge: .extractTooLarge
        case .nestedTooDeep: .extractNestedTooDeep
        case .squareBracketsTooDeep: .extractSquareBracketsTooDeep
        case .tooSlow: .extractTooSlow
        }
        return .error(id, at: location, refusal.message, notes: [refusal.advice])
    }

    static func compileFailEmpty(at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeCompileFailEmpty, at: location, "'compile-fail=' needs the text the error must contain",
               notes: ["write compile-fail=\"cannot find 'x' in scope\", or just compile-fail"])
    }

    static func invalidValues(at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeInvalidValues, at: location, "snippet attribute 'values' takes 'none' or 'marked'",
               notes: ["write values=none to show no values, or values=marked to show only those of lines with a `// =>` comment"])
    }

    static func valuesConflict(_ word: String, with previous: String, at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeValuesConflict, at: location, "snippet attribute '\(word)' conflicts with '\(previous)'")
    }

    static func argumentsUnquoted(at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeArgumentsUnquoted, at: location, "snippet attribute 'args' takes the arguments in quotes",
               notes: ["write args=\"--count 3 hello\"; single quotes keep spaces in one argument: args=\"--name 'A B'\""])
    }

    static func argumentsTwice(at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeArgumentsTwice, at: location, "snippet attribute 'args' is given twice")
    }

    static func attributeTakesNoValue(_ name: String, at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeTakesNoValue, at: location, "snippet attribute '\(name)' takes no value", notes: ["write just '\(name)'"])
    }

    static func unknownAttribute(_ word: String, notes: [String], at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeUnknown, at: location, "unknown snippet attribute '\(word)'", notes: notes)
    }

    static func modeConflict(_ name: String, with previous: String, modes: [String], at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeModeConflict, at: location, "snippet attribute '\(name)' conflicts with '\(previous)'",
               notes: ["a snippet takes at most one of: " + modes.joined(separator: ", ")])
    }

    static func valuesNeverRun(_ word: String, _ mode: Snippet.Mode, at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeValuesNeverRun, at: location,
               "'\(word)' has nothing to quiet: a `\(mode.attribute)` snippet never runs, so it shows no values",
               notes: ["remove '\(word)'"])
    }

    static func argumentsNotShared(_ mode: Snippet.Mode, at location: SourceLocation) -> Diagnostic {
        .error(.extractAttributeArgumentsNotShared, at: location,
               "'args=' runs a `@main` block with arguments; a `\(mode.attribute)` snippet takes none",
               notes: ["remove '\(mode.attribute)' or the arguments"])
    }
}
