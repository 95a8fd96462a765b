import Foundation

/// The most content may ask for, set on the command line (`--max-time-limit 30`) or in the environment
/// (`DOCENT_MAX_TIME_LIMIT=30`, so CI sets it once) for every setting of ``ExecutionSettingTable`` with a ceiling:
/// `site.yml` or front matter asking for more is an error at the setting, and a default above a ceiling is lowered
/// to it. Content cannot raise a ceiling; the command line wins over the environment.
///
/// ```swift
/// let ceilings = try ExecutionCeilings.read(options: ["time-limit": "30"], environment: ProcessInfo.processInfo.environment)
/// ceilings.problem(key: "time-limit", value: .number(600), written: "600")   // "'time-limit' asks for 600 seconds, …"
/// ```
public struct ExecutionCeilings: Sendable, Hashable {
    /// One setting's ceiling: its value, as written, and who set it.
    public struct Ceiling: Sendable, Hashable {
        public var value: ExecutionSettingStorage
        public var written: String
        /// `--max-time-limit`, or `the environment's DOCENT_MAX_TIME_LIMIT`.
        public var origin: String
    }

    /// Each ceiling, by the setting's YAML key.
    public var byKey: [String: Ceiling]

    /// No ceiling: content may ask for anything its settings' rules allow.
    public init() { byKey = [:] }

    /// The command-line option that sets a setting's ceiling, without its dashes (`max-time-limit`).
    public static func option(for key: String) -> String { "max-\(key)" }

    /// The environment variable that sets a setting's ceiling (`DOCENT_MAX_TIME_LIMIT`).
    public static func variable(for key: String) -> String {
        "DOCENT_MAX_" + key.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// The help of a ceiling's option, from the table's entry.
    public static func help(for setting: any AnyExecutionSetting) -> String {
        "The most `\(setting.key)` site.yml or front matter may ask for (\(setting.unit.map { "in \($0), " } ?? "")"
            + "\(setting.allowed)); a default above it is lowered to it. Also \(variable(for: setting.key))."
    }

    /// The ceilings `options` (setting key → text, from the command line) and `environment` set, each read by its
    /// setting's rule; an unreadable one is an error naming the option or variable.
    public static func read(options: [String: String], environment: [String: String]) throws -> ExecutionCeilings {
        var ceilings = ExecutionCeilings()
        var problems: [Diagnostic] = []
        for setting in ExecutionSettingTable.all where setting.hasCeiling {
            let given: (text: String, origin: String)?
            if let text = options[setting.key] {
                given = (text, "--" + option(for: setting.key))
            } else if let text = environment[variable(for: setting.key)], !text.isEmpty {
                given = (text, "the environment's " + variable(for: setting.key))
            } else {
                given = nil
            }
            guard let given else { continue }
            switch setting.readStored(given.text) {
            case .success(let value?): ceilings.byKey[setting.key] = Ceiling(value: value, written: given.text, origin: given.origin)
            case .success(nil): break
            case .failure(let problem):
                problems.append(.invalidCeiling(problem, from: given.origin))
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return ceilings
    }

    /// Why `value`, which content asks for `key`, is refused: it is over the ceiling. `written` is the value as the
    /// content wrote it.
    public func problem(key: String, value: ExecutionSettingStorage, written: String) -> ExecutionSettingProblem? {
        guard let ceiling = byKey[key], let asked = value.amount, let most = ceiling.value.amount, asked > most else { return nil }
        let unit = ExecutionSettingTable.setting(forKey: key)?.unit.map { " \($0)" } ?? ""
        let shown = Double(written) != nil ? "\(written)\(unit)" : written
        let limit = Double(ceiling.written) != nil ? "\(ceiling.written)\(unit)" : ceiling.written
        return ExecutionSettingProblem("'\(key)' asks for \(shown), over the ceiling of \(limit) set by \(ceiling.origin)",
                                       notes: ["the command line caps what content may ask for; ask for \(ceiling.written) or less"])
    }

    /// `overrides` (what `site.yml` sets) with every capped setting it leaves unset set to its ceiling, where the
    /// default is above it.
    public func lowering(defaultsOf overrides: ExecutionOverrides) -> ExecutionOverrides {
        var lowered = overrides
        for setting in ExecutionSettingTable.all where overrides.values[setting.key] == nil {
            guard let ceiling = byKey[setting.key], let most = ceiling.value.amount,
                  let fallback = setting.storedDefault?.amount, fallback > most else { continue }
            lowered.values[setting.key] = ceiling.value
        }
        return lowered
    }
}
