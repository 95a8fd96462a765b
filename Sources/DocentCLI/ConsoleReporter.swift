import DocentCore
import DocentPipeline
import Foundation

/// Prints progress and diagnostics to standard error and the summary to standard output.
///
/// What it prints may hold text from article programs and file names, so control characters other than line
/// breaks and tabs are shown escaped (`\u{1B}`): a snippet cannot clear the terminal, move the cursor or
/// overwrite a line to forge a report.
public struct ConsoleReporter: Reporter {
    public init() {}

    public func step(_ index: Int, of total: Int, _ name: String) {
        Self.write("[\(index)/\(total)] \(name)\n", to: FileHandle.standardError)
    }

    public func report(_ diagnostic: Diagnostic) {
        Self.write(diagnostic.description + "\n", to: FileHandle.standardError)
    }

    public func info(_ message: String) {
        Self.write(message + "\n", to: FileHandle.standardOutput)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(escapingControlCharacters(text).utf8))
    }

    /// `text` with every control character but `\n` and `\t` written as `\u{…}`.
    public static func escapingControlCharacters(_ text: String) -> String {
        text.escapingControlCharacters(except: ["\n", "\t"])
    }
}
