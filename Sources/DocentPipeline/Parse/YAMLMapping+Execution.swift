import DocentCore

extension YAMLMapping {
    /// Reads every execution setting this file may hold (all of them in `site.yml`, those an article may set in
    /// front matter), in the table's order, checking each value by its entry's rule; a list setting's items are
    /// checked one by one, and where each is written is kept (``ExecutionOverrides/itemLocations``). A value over
    /// its ceiling (`--max-time-limit`) is an error at the value.
    mutating func executionOverrides(inFrontMatter: Bool, ceilings: ExecutionCeilings = ExecutionCeilings()) -> ExecutionOverrides {
        var overrides = ExecutionOverrides()
        for setting in ExecutionSettingTable.all where !inFrontMatter || setting.scope.articleMaySet {
            if setting.isList {
                guard let items = locatedStrings(setting.key) else { continue }
                var accepted: [(text: String, location: SourceLocation)] = []
                for item in items {
                    switch setting.readItem(item.text) {
                    case .success(let text)?: accepted.append((text, item.location))
                    case .failure(let problem)?: record(.invalidSetting(problem, at: item.location))
                    case nil: break
                    }
                }
                overrides.values[setting.key] = .list(accepted.map(\.text))
                overrides.itemLocations[setting.key] = accepted.map(\.location)
                continue
            }
            guard let text = string(setting.key) else { continue }
            switch setting.readStored(text) {
            case .success(let value):
                if let value, let problem = ceilings.problem(key: setting.key, value: value, written: text) {
                    fail(setting.key) { .settingOverCeiling(problem, at: $0) }
                } else {
                    overrides.values[setting.key] = value
                }
            case .failure(let problem): fail(setting.key) { .invalidSetting(problem, at: $0) }
            }
        }
        return overrides
    }
}
