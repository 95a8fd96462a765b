/// Thrown by a subcommand after it has reported failing snippets, so `docent` exits with status 1.
public struct ContentFailed: Error, Sendable {
    public init() {}
}
