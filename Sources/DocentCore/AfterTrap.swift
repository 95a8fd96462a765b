/// What a snippet that traps does to the snippets after it: the `after-trap` setting's two values.
public enum AfterTrap: String, CaseIterable, Sendable, Hashable, ExecutionSettingValue {
    /// The later snippets run, without the statement that trapped.
    case `continue`
    /// The later snippets are left unrun.
    case stop

    public init?(stored: ExecutionSettingStorage?) {
        guard case .text(let word)? = stored else { return nil }
        self.init(rawValue: word)
    }

    /// Kept as its word, as a `String` setting is, so what the cache keys on is unchanged.
    public var stored: ExecutionSettingStorage? { .text(rawValue) }
}
