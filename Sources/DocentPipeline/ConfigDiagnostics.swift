import DocentCore

/// The diagnostics of a build's or test's configuration, checked before any stage runs.
extension DiagnosticID {
    public static let configOutputOverlapsInput = DiagnosticID("config.output-overlaps-input")
}

extension Diagnostic {
    static func outputOverlapsInput(_ flag: String, _ input: String, at output: String) -> Diagnostic {
        .error(.configOutputOverlapsInput, at: SourceLocation(path: output), "the output folder overlaps the \(flag) folder '\(input)'",
               notes: ["the output folder is replaced on every build; choose a separate --output"])
    }
}
