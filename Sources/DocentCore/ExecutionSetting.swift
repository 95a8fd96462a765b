/// One execution setting: its YAML key, where it may be written, its default, the values it allows (and their
/// unit) and a line of help. Every entry lives in ``ExecutionSettingTable``.
public struct ExecutionSetting<Value: ExecutionSettingValue>: Sendable {
    /// The key in front matter and `site.yml`, e.g. `time-limit`.
    public let key: String
    public let scope: ExecutionSettingScope
    /// The default as one would write it in YAML (`2 GiB`); `nil` for a setting that is unset unless written.
    public let writtenDefault: String?
    /// The default, read from ``writtenDefault`` by the rule.
    public let defaultValue: Value
    public let rule: ExecutionSettingRule<Value>
    /// What the setting does, in one line.
    public let help: String
    /// Whether the command line may cap what content asks for (`--max-time-limit`, see ``ExecutionCeilings``).
    public let hasCeiling: Bool

    /// An entry; `default` is read by `rule`, so the default is written once, in the form the YAML takes. With
    /// `ceiling`, the command line (or the environment) may set the most content may ask for.
    public init(_ key: String, scope: ExecutionSettingScope, default written: String?,
                _ rule: ExecutionSettingRule<Value>, ceiling: Bool = false, help: String) {
        self.key = key
        self.scope = scope
        self.writtenDefault = written
        self.rule = rule
        self.help = help
        self.hasCeiling = ceiling
        switch written.map({ rule.read($0, key, nil) }) {
        case .success(let value)?: defaultValue = value
        case .failure(let problem)?: preconditionFailure("the default of '\(key)' breaks its own rule: \(problem.message)")
        case nil:
            guard let unset = Value(stored: nil) else { preconditionFailure("'\(key)' needs a default") }
            defaultValue = unset
        }
    }

    /// The value of `text`, or why it is refused.
    public func read(_ text: String) -> Result<Value, ExecutionSettingProblem> {
        rule.read(text, key, writtenDefault)
    }
}

/// An execution setting seen without its value type: what parsing, checking and documenting need.
public protocol AnyExecutionSetting: Sendable {
    var key: String { get }
    var scope: ExecutionSettingScope { get }
    var writtenDefault: String? { get }
    var help: String { get }
    /// What values are counted in (`seconds`, `bytes`); `nil` when they are not amounts.
    var unit: String? { get }
    /// The values allowed, in words.
    var allowed: String { get }
    /// The default as kept in ``ExecutionSettings``; `nil` when the setting is unset by default.
    var storedDefault: ExecutionSettingStorage? { get }
    /// The value of `text` as kept in ``ExecutionOverrides``, or why it is refused.
    func readStored(_ text: String) -> Result<ExecutionSettingStorage?, ExecutionSettingProblem>
    /// Whether the setting is written as a YAML list (`imports: [A, B]`).
    var isList: Bool { get }
    /// Whether the command line may cap what content asks for (``ExecutionCeilings``).
    var hasCeiling: Bool { get }
    /// One item of a list setting, checked; `nil` for a setting that takes one value.
    func readItem(_ text: String) -> Result<String, ExecutionSettingProblem>?
}

extension ExecutionSetting: AnyExecutionSetting {
    public var unit: String? { rule.unit }
    public var allowed: String { rule.allowed }
    public var storedDefault: ExecutionSettingStorage? { defaultValue.stored }

    public func readStored(_ text: String) -> Result<ExecutionSettingStorage?, ExecutionSettingProblem> {
        read(text).map(\.stored)
    }

    public var isList: Bool { rule.readItem != nil }

    public func readItem(_ text: String) -> Result<String, ExecutionSettingProblem>? {
        rule.readItem?(text, key)
    }
}
