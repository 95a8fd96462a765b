/// A compile that failed because of the machine or the tools, not the article's code: out of disk space or file
/// handles, a tool that cannot be started, a read-only folder. Such a failure says nothing about the article, so it is
/// one tools error for the whole build (a fault of the machine: exit 3) and is never kept in the result cache.
///
/// ```swift
/// CompilerFault(standardError: "ld.gold: fatal error: main: No space left on device")?.reason  // "No space left on device"
/// ```
struct CompilerFault: Sendable, Hashable {
    /// What the C library, the driver or the linker print for a failure of the machine, as they print it.
    static let machineFailures = [
        "No space left on device", "Disk quota exceeded", "Too many open files", CompilerMessages.readOnlyFileSystem,
        "Input/output error", "unable to execute command", "error: unable to make temporary file",
    ]

    /// The first phrase of ``machineFailures`` the compiler printed.
    var reason: String

    /// The fault in what a failed compile printed; `nil` when the failure may be the code's.
    init?(standardError: String) {
        guard let reason = Self.machineFailures.first(where: standardError.contains) else { return nil }
        self.reason = reason
    }
}
