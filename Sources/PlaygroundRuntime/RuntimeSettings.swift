import Foundation

/// What Docent tells an article program through its environment (the variables `RuntimeContract.Variable` names),
/// read once when the runtime starts.
struct RuntimeSettings: Equatable {
    /// The file to append records to; none means records are not written.
    var resultsPath: String?
    /// The largest file the program may write, in bytes.
    var fileSizeLimit: rlim_t?
    /// The time zone and locale values are shown in; the system's when not given.
    var timeZone: String?
    var locale: String?
    /// The most bytes one snippet may print; no limit when not given.
    var outputLimit: Int

    init(environment: [String: String]) {
        typealias Variable = RuntimeContract.Variable
        resultsPath = environment[Variable.results]
        fileSizeLimit = environment[Variable.fileSizeLimit].flatMap { rlim_t($0) }
        timeZone = environment[Variable.timeZone]
        locale = environment[Variable.locale]
        outputLimit = environment[Variable.outputLimit].flatMap { Int($0) } ?? Int.max
    }
}
