/// The diagnostics made in DocentCore: execution ceilings given on the command line or in the environment, and
/// Docent's own failures that are no stage's.
extension DiagnosticID {
    /// A ceiling (`--max-time-limit`, `DOCENT_MAX_TIME_LIMIT`) whose value its setting's rule refuses.
    public static let configInvalidCeiling = DiagnosticID("config.invalid-ceiling")
    /// An error that reached the report without being described as a diagnostic.
    public static let internalUndescribedError = DiagnosticID("internal.undescribed-error")
    /// A job of a concurrent map that never stored its result: a broken invariant.
    public static let internalJobNeverDone = DiagnosticID("internal.job-never-done", fault: true)
}

extension Diagnostic {
    /// `--max-time-limit: 'time-limit' must be …`: the ceiling's origin, then what its rule says.
    public static func invalidCeiling(_ problem: ExecutionSettingProblem, from origin: String) -> Diagnostic {
        .error(.configInvalidCeiling, at: nil, "\(origin): \(problem.message)", notes: problem.notes)
    }

    /// Any other error, as it describes itself.
    public static func undescribed(_ error: any Error) -> Diagnostic {
        .error(.internalUndescribedError, at: nil, "\(error)")
    }

    public static func jobNeverDone(_ position: Int) -> Diagnostic {
        .error(.internalJobNeverDone, at: nil, "internal error: job \(position) was never done")
    }
}
