import Testing

/// Every tag of Docent's tests, declared once for every test target. Scripts select suites by these tags
/// (`scripts/tagged-tests.sh`), never by a list of names.
extension Tag {
    /// Tests that run the real Swift compiler and the programs it builds (`make check` skips them).
    @Tag public static var compiler: Self
    /// Tests of the sandbox itself, started in this process: what bubblewrap lets an article program do, its seccomp
    /// filter, its privileges and limits. `scripts/sandbox-tests-unprivileged.sh` runs them again as uid 65534.
    @Tag public static var sandbox: Self
    /// Property-based tests whose number of cases `DOCENT_FUZZ_ITERATIONS` sets (`make fuzz` runs them far longer).
    @Tag public static var fuzz: Self
}
