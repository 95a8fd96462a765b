import Foundation

/// Runs article programs directly on this machine, through a `ProcessRunning`.
///
/// The program's standard output goes to a file (so the runtime can measure it at snippet boundaries), its
/// runtime records to another; both are read back into the outcome.
public struct LocalProgramExecutor: ProgramExecuting {
    /// The environment variable naming the runtime's results file (PlaygroundRuntime reads it).
    static let resultsVariable = "DOCENT_RESULTS"

    private let processRunner: any ProcessRunning

    public init(processRunner: any ProcessRunning = FoundationProcessRunner()) {
        self.processRunner = processRunner
    }

    public func run(_ request: RunRequest) throws -> ProgramOutcome {
        let name = URL(fileURLWithPath: request.executable).lastPathComponent
        let resultsFile = "\(request.directory)/\(name).results"
        let outputFile = "\(request.directory)/\(name).stdout"
        var environment = request.environment
        environment[Self.resultsVariable] = resultsFile
        let outcome = try processRunner.run(executable: request.executable, arguments: [], environment: environment,
                                            workingDirectory: request.directory, timeLimit: request.timeLimit,
                                            stdoutFile: outputFile)
        let records = (try? String(contentsOfFile: resultsFile, encoding: .utf8)) ?? ""
        let output = (try? Data(contentsOf: URL(fileURLWithPath: outputFile))) ?? Data()
        return ProgramOutcome(termination: outcome.termination, output: output, records: records,
                              standardError: outcome.standardError, duration: outcome.duration)
    }
}
