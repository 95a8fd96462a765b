import Foundation

/// Everything that decides how an article's code runs: its front matter over `site.yml` over the defaults of
/// ``ExecutionSettingTable``, one value per entry, read and written by the entry's name (`settings.timeLimit`).
/// Every input of a run is here, so the result cache keys runs by a hash of it and the code.
@dynamicMemberLookup
public struct ExecutionSettings: Sendable, Hashable, Codable {
    /// Each entry's value, by YAML key; an optional setting that is unset has none.
    private var values: [String: ExecutionSettingStorage]

    /// Every setting at its default.
    public init() {
        values = Dictionary(uniqueKeysWithValues: ExecutionSettingTable.all.compactMap { setting in
            setting.storedDefault.map { (setting.key, $0) }
        })
    }

    /// The defaults, with the settings tests and callers most often vary.
    public init(timeZone: String? = nil, locale: String? = nil, now: Date? = nil, swiftVersion: Int? = nil,
                timeLimit: Double? = nil, outputLimit: Int? = nil) {
        self.init()
        if let timeZone { self.timeZone = timeZone }
        if let locale { self.locale = locale }
        self.now = now
        if let swiftVersion { self.swiftVersion = swiftVersion }
        if let timeLimit { self.timeLimit = timeLimit }
        if let outputLimit { self.outputLimit = outputLimit }
    }

    /// The settings of one article: what its front matter sets, over what `site.yml` sets, over the defaults.
    /// A setting only `site.yml` may hold is never taken from the article.
    public static func resolve(site: ExecutionOverrides, article: ExecutionOverrides) -> ExecutionSettings {
        var settings = ExecutionSettings()
        for setting in ExecutionSettingTable.all {
            if let value = site.values[setting.key] { settings.values[setting.key] = value }
            if setting.scope.articleMaySet, let value = article.values[setting.key] { settings.values[setting.key] = value }
        }
        return settings
    }

    /// The value of one entry of the table (`settings.memoryLimit`).
    public subscript<Value>(dynamicMember entry: KeyPath<ExecutionSettingTable, ExecutionSetting<Value>>) -> Value {
        get {
            let setting = ExecutionSettingTable.standard[keyPath: entry]
            return Value(stored: values[setting.key]) ?? setting.defaultValue
        }
        set { values[ExecutionSettingTable.standard[keyPath: entry].key] = newValue.stored }
    }
}
