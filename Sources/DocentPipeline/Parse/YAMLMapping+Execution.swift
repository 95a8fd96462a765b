import DocentCore

extension YAMLMapping {
    /// Reads every execution setting this file may hold (all of them in `site.yml`, those an article may set in
    /// front matter), in the table's order, checking each value by its entry's rule.
    mutating func executionOverrides(inFrontMatter: Bool) -> ExecutionOverrides {
        var overrides = ExecutionOverrides()
        for setting in ExecutionSettingTable.all where !inFrontMatter || setting.scope.articleMaySet {
            guard let text = string(setting.key) else { continue }
            switch setting.readStored(text) {
            case .success(let value): overrides.values[setting.key] = value
            case .failure(let problem): fail(setting.key, problem.message, notes: problem.notes)
            }
        }
        return overrides
    }
}
