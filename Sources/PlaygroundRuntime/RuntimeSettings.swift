import Foundation

/// What Docent tells an article program through its environment (the variables `RuntimeContract.Variable` names),
/// read once when the runtime starts.
struct RuntimeSettings: Equatable {
    /// Whether the program inherits Docent's channel (`RuntimeContract.Channel`); without it records are not written.
    var hasChannel: Bool
    /// The largest file the program may write, in bytes.
    var fileSizeLimit: rlim_t?
    /// The time zone and locale values are shown in; the system's when not given.
    var timeZone: String?
    var locale: String?

    init(environment: [String: String]) {
        typealias Variable = RuntimeContract.Variable
        hasChannel = environment[Variable.channel] == "1"
        fileSizeLimit = environment[Variable.fileSizeLimit].flatMap { rlim_t($0) }
        timeZone = environment[Variable.timeZone]
        locale = environment[Variable.locale]
    }
}
