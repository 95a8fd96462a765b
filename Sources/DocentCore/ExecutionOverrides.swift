/// The execution settings one file sets (an article's front matter, or `site.yml`), already checked; a setting it
/// does not set falls back (see ``ExecutionSettings/resolve(site:article:)``). Read by entry name (`overrides.locale`).
@dynamicMemberLookup
public struct ExecutionOverrides: Sendable, Hashable {
    /// Each set value, by YAML key.
    public var values: [String: ExecutionSettingStorage]

    public init(values: [String: ExecutionSettingStorage] = [:]) {
        self.values = values
    }

    /// The value this file sets for an entry of the table, or `nil`.
    public subscript<Value>(dynamicMember entry: KeyPath<ExecutionSettingTable, ExecutionSetting<Value>>) -> Value? {
        values[ExecutionSettingTable.standard[keyPath: entry].key].flatMap { Value(stored: $0) }
    }

    /// The value this file sets for an optional entry (`overrides.now`), or `nil`.
    public subscript<Wrapped>(dynamicMember entry: KeyPath<ExecutionSettingTable, ExecutionSetting<Wrapped?>>) -> Wrapped? {
        values[ExecutionSettingTable.standard[keyPath: entry].key].flatMap { Wrapped(stored: $0) }
    }
}
