/// Which docent this is, as far as an article's results depend on it: the version, and a digest of the code that
/// builds, sandboxes and runs article programs (`EmbeddedFiles.executionCode`, made at build time from
/// `Sources/DocentExecute` and `Sources/PlaygroundRuntime`).
///
/// ```swift
/// PlanContext(settings: settings, fingerprints: fingerprints, supportModule: nil).docentVersion == DocentBuild.identity
/// ```
/// Every cache key of a program's compile or run holds it, so a result made by a docent whose execution code was
/// different, older or newer, is never reused, whatever its version number says.
public enum DocentBuild {
    /// Docent's version (`Pipeline.version` is this).
    public static let version = "0.1.0"

    /// `0.1.0+<the first 16 hex digits of the execution code's digest>`.
    public static let identity = "\(version)+\(EmbeddedFiles.executionCode.prefix(16))"
}

extension DocentBuild {
    /// The git commit docent was built from (`.git`, or `.docent-commit` in a `git archive` tarball); `""` when
    /// neither said.
    public static let commit = EmbeddedFiles.commit

    /// What `docent --version` prints: `0.1.0 (commit 0123456789ab, execution code 89abcdef01234567)`, or
    /// `(commit unknown, …)` for a build from sources without either.
    public static var versionLine: String {
        "\(version) (commit \(commit.isEmpty ? "unknown" : String(commit.prefix(12)))"
            + ", execution code \(EmbeddedFiles.executionCode.prefix(16)))"
    }
}
