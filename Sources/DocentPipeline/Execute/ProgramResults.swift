import DocentCore
import Foundation

/// Turns what happened to one program — its compile errors, or its run's records, output and ending — into a
/// `SnippetRun` for each snippet it contains.
struct ProgramResults: Sendable {
    var articlePath: String
    var snippets: [Snippet]
    var program: ArticleProgram
    var settings: ExecutionSettings

    /// The program did not compile: each error goes to the snippet whose lines hold it (errors elsewhere go to the
    /// first snippet); snippets without errors get a note pointing at the first one.
    func compileFailed(_ errors: [CompilerOutput.Message]) -> [Int: SnippetRun] {
        var diagnostics: [Int: [Diagnostic]] = [:]
        for error in errors {
            let (index, location) = place(error)
            let diagnostic = Diagnostic.error(at: location, error.text, notes: error.notes)
            diagnostics[index, default: []].append(diagnostic)
        }
        let first = errors.first.map { place($0).1 }
        var runs: [Int: SnippetRun] = [:]
        for index in program.snippetIndices {
            var own = diagnostics[index] ?? []
            if own.isEmpty, let first {
                own = [Diagnostic(.note, at: snippets[index].location,
                                  "not run: the article's program did not compile (first error at \(first))")]
            }
            runs[index] = SnippetRun(outcome: .compileFailed, diagnostics: own)
        }
        return runs
    }

    /// The program ran: values by line, output sliced at the snippet boundaries, and the snippet that was running
    /// when it stopped marked with how it stopped; later snippets were not reached.
    func ran(records: RuntimeRecords, output: Data, termination: ProcessOutcome.Termination,
             standardError: String) -> [Int: SnippetRun] {
        let last = records.lastBoundary
        var runs: [Int: SnippetRun] = [:]
        for (boundary, index) in program.snippetIndices.enumerated() {
            guard boundary <= last else {
                runs[index] = SnippetRun(outcome: .notReached)
                continue
            }
            let start = records.boundaries[boundary] ?? 0
            let end = records.boundaries[boundary + 1] ?? records.endOffset ?? output.count
            let (text, cut) = Self.slice(output, from: start, to: end, limit: settings.outputLimit)
            let lines = Set(snippets[index].lines.map(\.number))
            let values = records.values.values.filter { lines.contains($0.line) }.sorted { $0.line < $1.line }
            var run = SnippetRun(outcome: .completed, values: values, output: text,
                                 outputTruncated: cut || records.truncatedBoundary == boundary)
            if boundary == last {
                stopped(&run, index: index, records: records, termination: termination, standardError: standardError)
            }
            runs[index] = run
        }
        return runs
    }

    /// How the snippet running at the end ended.
    private func stopped(_ run: inout SnippetRun, index: Int, records: RuntimeRecords,
                         termination: ProcessOutcome.Termination, standardError: String) {
        let snippet = snippets[index]
        switch termination {
        case .exited(status: 0):
            return
        case .signaled(SIGXFSZ):
            run.outputTruncated = true
        case .timedOut:
            let seconds = settings.timeLimit
            run.outcome = .timedOut(seconds: seconds)
            run.diagnostics.append(.error(at: snippet.location,
                                          "timed out: the article's time limit of \(Self.seconds(seconds)) ran out while this snippet was running"))
        case .exited(let status), .signaled(let status):
            let trap = CompilerOutput.trap(in: standardError)
            let message: String
            if let trap {
                message = trap.message
            } else if case .signaled = termination {
                message = "Program crashed: \(String(cString: strsignal(status))) (signal \(status))"
            } else {
                message = "Program exited with status \(status)"
            }
            run.outcome = .trapped(message: message)
            run.diagnostics.append(.error(at: trapLocation(snippet: snippet, records: records, trap: trap), message))
        }
    }

    /// The innermost running statement inside the snippet, else where the message says, else the snippet.
    private func trapLocation(snippet: Snippet, records: RuntimeRecords, trap: CompilerOutput.Trap?) -> SourceLocation {
        let lines = Set(snippet.lines.map(\.number))
        if let line = records.trapLines?.last(where: { lines.contains($0) }) {
            return SourceLocation(path: articlePath, line: line)
        }
        // `precondition` and `fatalError` name the file as `#fileID` does: `main/x.md`.
        let fileID = "main/" + (articlePath.split(separator: "/").last.map(String.init) ?? articlePath)
        if let trap, trap.path == articlePath || trap.path == fileID, let line = trap.line {
            return SourceLocation(path: articlePath, line: line)
        }
        if let line = records.trapLines?.last {
            return SourceLocation(path: articlePath, line: line)
        }
        return snippet.location
    }

    /// The snippet an error belongs to, and where to report it.
    private func place(_ error: CompilerOutput.Message) -> (Int, SourceLocation) {
        let first = program.snippetIndices.first ?? 0
        guard error.path == articlePath else {
            let generated = error.path == "__docent__" || error.path.hasSuffix(".swift") && error.path.contains("docent-run-")
            return (first, generated ? snippets[first].location
                                    : SourceLocation(path: error.path, line: error.line, column: error.column))
        }
        let owner = program.snippetIndices.last { (snippets[$0].lines.first?.number ?? Int.max) <= error.line } ?? first
        return (owner, SourceLocation(path: articlePath, line: error.line, column: error.column))
    }

    /// Bytes `start..<end` of the output as text, cut at `limit` bytes on a character boundary.
    static func slice(_ output: Data, from start: Int, to end: Int, limit: Int) -> (String, Bool) {
        let lower = min(max(start, 0), output.count)
        let upper = min(max(end, lower), output.count)
        var bytes = [UInt8](output[output.startIndex + lower ..< output.startIndex + upper])
        let cut = bytes.count > limit
        if cut {
            var length = max(limit, 0)
            while length > 0, bytes[length] & 0xC0 == 0x80 { length -= 1 }
            bytes.removeSubrange(length...)
        }
        return (String(decoding: bytes, as: UTF8.self), cut)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
