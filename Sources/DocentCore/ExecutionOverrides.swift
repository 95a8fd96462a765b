/// The execution settings one file sets (an article's front matter, or `site.yml`), already checked; a setting it
/// does not set falls back (see ``ExecutionSettings/resolve(site:article:)``). Read by entry name (`overrides.locale`).
@dynamicMemberLookup
public struct ExecutionOverrides: Sendable, Hashable {
    /// Each set value, by YAML key.
    public var values: [String: ExecutionSettingStorage]
    /// Where each item of a list setting is written, by YAML key, in the items' order: errors about one item (an
    /// import that does not exist) are reported there.
    public var itemLocations: [String: [SourceLocation]]

    public init(values: [String: ExecutionSettingStorage] = [:], itemLocations: [String: [SourceLocation]] = [:]) {
        self.values = values
        self.itemLocations = itemLocations
    }

    /// Where the items of the list setting `key` that applies to an article are written: in its front matter
    /// (`article`) if that sets it, else in `site.yml`; empty when neither does.
    public static func itemLocations(of key: String, site: ExecutionOverrides, article: ExecutionOverrides) -> [SourceLocation] {
        let articleMaySet = ExecutionSettingTable.setting(forKey: key)?.scope.articleMaySet ?? false
        if articleMaySet, article.values[key] != nil { return article.itemLocations[key] ?? [] }
        return site.itemLocations[key] ?? []
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
