import ArgumentParser
import DocentCore
import DocentPipeline
import Foundation

extension Docent {
    /// Runs the command and exits with its status, unless Ctrl-C or SIGTERM came meanwhile: then the interruption
    /// exits, with 130 (the executable's `main.swift`).
    public static func exit(arguments: [String]) -> Never {
        let status = run(arguments: arguments)
        Interruption.shared.settle()
        Foundation.exit(status)
    }

    /// Parses `arguments`, runs the command, prints any error and returns the exit status.
    /// The executable's `main.swift` calls this; tests call it too.
    public static func run(arguments: [String], reporter: any Reporter = ConsoleReporter()) -> Int32 {
        Interruption.shared.install()
        do {
            var command = try parseAsRoot(arguments)
            if let reporting = command as? any ReportingCommand {
                try reporting.run(reporter: reporter)
            } else {
                try command.run()
            }
            return ExitStatus.success.rawValue
        } catch is ContentFailed {
            return ExitStatus.contentFailed.rawValue
        } catch where error is DiagnosticError || error is Diagnostic {
            let diagnostics = DiagnosticError.diagnostics(from: error)
            diagnostics.forEach(reporter.report)
            return ExitStatus.status(for: diagnostics).rawValue
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { reporter.info(message) }
                return ExitStatus.success.rawValue
            }
            if !message.isEmpty {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            return ExitStatus.inputError.rawValue
        }
    }
}
