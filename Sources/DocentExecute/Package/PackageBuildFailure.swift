import DocentCore
import Foundation

/// A SwiftPM step that failed, as one error: located at the first message SwiftPM gave (its path mapped from the
/// package's copy back to the package, relative to the working folder when inside it), with SwiftPM's error lines
/// as notes.
struct PackageBuildFailure {
    /// At most this many of SwiftPM's lines are kept as notes.
    static let noteLimit = 30

    var failure: String
    var outcome: ProcessOutcome
    var request: PackageRequest
    var work: PackageWorkFolder

    var error: DiagnosticError {
        let text = outcome.standardOutput + "\n" + outcome.standardError
        let mapped = text.replacingOccurrences(of: work.copy + "/", with: Self.shown(request.folder))
        let messages = CompilerOutput.errors(in: mapped)
        // SwiftPM's own errors (`error: …`) and the compiler's located ones, not the source excerpts under them.
        let errorLines = mapped.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("error: ") || (!$0.hasPrefix(" ") && $0.contains(": error: ")) }
        var notes = Array(errorLines.isEmpty ? mapped.split(separator: "\n").map(String.init).suffix(12)
                                             : errorLines.dropFirst(messages.isEmpty ? 0 : 1).prefix(Self.noteLimit))
        if outcome.termination == .timedOut { notes.append("SwiftPM ran for \(Int(PackageBuilder.timeLimit)) seconds and was stopped") }
        notes.append("fix the package, then build again; `swift build` in \(request.folder) shows every message")
        guard let first = messages.first else {
            return DiagnosticError([PackageDiagnostics.buildFailed(failure, at: SourceLocation(path: Self.shown(request.folder) + "Package.swift"),
                                                                   firstError: nil, notes: notes)])
        }
        return DiagnosticError([PackageDiagnostics.buildFailed(failure, at: SourceLocation(path: first.path, line: first.line, column: first.column),
                                                               firstError: first.text, notes: notes)])
    }

    /// The package folder as messages show it, ending in `/`: relative to the working folder when inside it.
    static func shown(_ folder: String) -> String {
        let current = FileManager().currentDirectoryPath
        if folder == current { return "" }
        return folder.hasPrefix(current + "/") ? String(folder.dropFirst(current.count + 1)) + "/" : folder + "/"
    }
}
