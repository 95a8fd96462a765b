import DocentCore
import DocentPipeline
import Foundation

/// Prints progress and diagnostics to standard error and the summary to standard output.
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
        handle.write(Data(text.utf8))
    }
}
