import DocentCore

/// The warnings Docent gives about the sandbox article programs and the compiler run in, each with its stable
/// ``DiagnosticID`` (`sandbox.…`): the only place their wording is written.
///
/// ```swift
/// SandboxDiagnostics.missing("bubblewrap (bwrap) is not installed")   // id: sandbox.missing
/// ```
package enum SandboxDiagnostics {
    /// The names of the sandbox's diagnostics.
    package enum ID {
        package static let missing = DiagnosticID("sandbox.missing")
        package static let seccompUnwritable = DiagnosticID("sandbox.seccomp.unwritable")
        package static let seccompUnsupported = DiagnosticID("sandbox.seccomp.unsupported")
        package static let runsAsRoot = DiagnosticID("sandbox.runs-as-root")
    }

    static func missing(_ reason: String) -> Diagnostic {
        .warning(ID.missing, at: nil, "article programs and the compiler run without a sandbox: \(reason)",
                 notes: ["install it with `apt-get install bubblewrap`, or pass --no-sandbox to run without one on purpose"])
    }

    static func seccompUnwritable(in folder: String, _ error: any Error) -> Diagnostic {
        .warning(ID.seccompUnwritable, at: nil, "the sandbox has no seccomp filter: cannot write it in \(folder)",
                 notes: ["\(FileErrorText.describe(error)); make that folder writable"])
    }

    static func seccompUnsupported() -> Diagnostic {
        .warning(ID.seccompUnsupported, at: nil, "the sandbox has no seccomp filter on this architecture",
                 notes: ["namespaces, no capabilities and the limits still hold"])
    }

    static func runsAsRoot() -> Diagnostic {
        .warning(ID.runsAsRoot, at: nil, "article programs run as root on this machine: setpriv is not installed",
                 notes: ["they have no capabilities in the sandbox, but files owned by root stay open to them; "
                         + "install it with `apt-get install util-linux`, or run docent as another user"])
    }
}
