import Foundation

/// A tool run to its end, for tests that ask a real command (git, swiftc) something: its status and what it wrote.
public struct ToolRun {
    public let status: Int32
    public let output: String

    /// Runs `arguments` through `/usr/bin/env` (or `executable`), standard output and, unless `errors` is false,
    /// standard error in `output`.
    public init(_ arguments: [String], executable: String = "/usr/bin/env", errors: Bool = true) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = errors ? pipe : FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        (status, output) = (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
