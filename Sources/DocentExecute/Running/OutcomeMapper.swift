import DocentCore
import Foundation

/// Maps what happened to a program — compiler errors at program lines, or a run's records and output — back to
/// the article's snippets and Markdown lines.
package struct OutcomeMapper: Sendable {
    var articlePath: String
    var snippets: [Snippet]
    var settings: ExecutionSettings

    /// Compiler errors grouped by the snippet whose lines hold them; `generated` holds errors in Docent's own
    /// lines and `elsewhere` errors in other files (support code), both located as well as they can be.
    struct Attribution {
        var bySnippet: [Int: [Diagnostic]] = [:]
        var generated: [Diagnostic] = []
        var elsewhere: [Diagnostic] = []
    }

    func attribute(_ messages: [CompilerOutput.Message]) -> Attribution {
        var attribution = Attribution()
        for message in messages {
            let notes = message.notes.map(mappedNote)
            if message.path == articlePath, let (snippet, line) = decode(message.line) {
                attribution.bySnippet[snippet, default: []].append(
                    ExecuteDiagnostics.compiler(at: location(snippet: snippet, line: line, column: message.column), message.text,
                                                notes: notes))
            } else if message.path == ProgramLines.generatedFile {
                attribution.generated.append(ExecuteDiagnostics.compiler(at: nil, message.text, notes: notes))
            } else {
                attribution.elsewhere.append(ExecuteDiagnostics.compiler(at: SourceLocation(path: message.path, line: message.line,
                                                                                            column: message.column),
                                                                         message.text, notes: notes))
            }
        }
        return attribution
    }

    /// Errors in the `imports:` lines of a program (`no such module 'X'`), each at the place that names the module:
    /// `locations` are where the list's items are written, in order; a module with no known place (the default
    /// list) is reported at the article.
    func importErrors(in messages: [CompilerOutput.Message], locations: [SourceLocation]) -> [Diagnostic] {
        messages.filter { $0.path == ProgramLines.importsFile }.map { message in
            let notes = message.notes.filter { $0.path != ProgramLines.importsFile }.map(mappedNote)
            guard locations.indices.contains(message.line - 1) else {
                return ExecuteDiagnostics.compiler(at: SourceLocation(path: articlePath), message.text, notes: notes)
            }
            return ExecuteDiagnostics.compiler(at: locations[message.line - 1], message.text,
                                               notes: notes + ["every program imports each module `imports:` lists: "
                                          + "remove this one, or correct its name"])
        }
    }

    /// The runs of a program's target snippets: values by line and column, output sliced at the boundaries, and the
    /// snippet running at the end marked with how the program stopped; later ones were not reached.
    /// `records` are the outcome's, when the caller has parsed them already.
    func ran(_ program: ProgramPlan, outcome: ProgramOutcome, records parsed: RuntimeRecords? = nil,
             timeLimit: Double) -> [Int: SnippetRun] {
        let records = parsed ?? RuntimeRecords(parsing: outcome.records)
        let last = records.lastBoundary
        var runs: [Int: SnippetRun] = [:]
        for (boundary, block) in program.blocks.enumerated() where block.isTarget {
            guard boundary <= last else {
                // The first snippet that never ran says why: a program that could not start says nothing else.
                let why = runs.isEmpty ? [Self.stopBeforeSnippets(outcome, at: snippets[block.snippet].location)] : []
                runs[block.snippet] = SnippetRun(outcome: .notReached, diagnostics: why)
                continue
            }
            let start = records.boundaries[boundary] ?? 0
            let end = records.boundaries[boundary + 1] ?? records.endOffset ?? outcome.output.count
            let (text, cut) = Self.slice(outcome.output, from: start, to: end, limit: settings.outputLimit)
            var run = SnippetRun(outcome: .completed, values: values(of: block.snippet, boundary: boundary, in: program, records: records,
                                                                          hiding: Set(program.hiddenSites)),
                                 output: text, outputTruncated: cut || records.truncatedBoundary == boundary)
            run.tests = tests(of: block.snippet, in: program, records: records, outcome: outcome)
            if !snippets[block.snippet].declaredTests.isEmpty {
                run.testsStoppedBy = stoppingTest(in: program, records: records, outcome: outcome)
            }
            if boundary == last {
                stopped(&run, snippet: block.snippet, records: records, outcome: outcome, timeLimit: timeLimit)
            }
            runs[block.snippet] = run
        }
        return runs
    }

    /// The number `#sourceLocation` gives each line of `source` (its own where none does).
    static func lineNumbers(of source: String) -> [Int] {
        var next: Int?
        var numbers: [Int] = []
        for (index, text) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if text.hasPrefix("#sourceLocation("), let range = text.range(of: "line: ") {
                next = Int(text[range.upperBound...].prefix { $0.isNumber })
                numbers.append(0)
                continue
            }
            let number = next ?? index + 1
            numbers.append(number)
            next = next.map { _ in number + 1 }
        }
        return numbers
    }

    /// The values recorded at the snippet's sites, in line and column order: each site's values while this
    /// snippet ran (boundary `boundary`) apart from those produced while other snippets' code ran.
    private func values(of snippet: Int, boundary: Int, in program: ProgramPlan, records: RuntimeRecords,
                        hiding hidden: Set<ProgramSite>) -> [SnippetResult.LineValue] {
        records.sites.compactMap { site, values -> SnippetResult.LineValue? in
            guard !hidden.contains(site), let (owner, line) = decode(site.line), owner == snippet,
                  let markdownLine = snippets[snippet].markdownLine(ofCodeLine: line) else { return nil }
            let elsewhere = values.histories.compactMap { other, history -> SnippetResult.LineValue.Elsewhere? in
                guard other != boundary, program.blocks.indices.contains(other), !history.values.isEmpty else { return nil }
                return .init(snippet: program.blocks[other].snippet, count: history.count,
                             values: history.values.map(Self.recorded))
            }.sorted { $0.snippet < $1.snippet }
            // A place only other snippets reached shows, for a `// =>` check, the last value the latest of them
            // produced, with a count of 0: the page says where its values came from rather than show it as its own.
            guard let own = values.histories[boundary], let last = own.last else {
                guard let latest = elsewhere.last?.values.last else { return nil }
                return SnippetResult.LineValue(line: markdownLine, column: site.column, text: latest.text, full: latest.full,
                                               count: 0, isCut: latest.isCut, elsewhere: elsewhere)
            }
            return SnippetResult.LineValue(line: markdownLine, column: site.column, text: last.text, full: last.full,
                                           count: own.count, isCut: last.isCut, history: own.values.map(Self.recorded),
                                           elsewhere: elsewhere)
        }.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private static func recorded(_ value: RuntimeRecords.Value) -> SnippetResult.LineValue.Recorded {
        .init(ordinal: value.ordinal, text: value.text, full: value.full, isCut: value.isCut)
    }

    /// Why a program stopped before `location`'s snippet, with the last lines it wrote to standard error.
    static func stopBeforeSnippets(_ outcome: ProgramOutcome, at location: SourceLocation?) -> Diagnostic {
        let how: String
        switch outcome.termination {
        case .exited(status: 0): how = "it ended before reaching it"
        case .exited(let status): how = "it exited with status \(status) before reaching it"
        case .signaled(let signal): how = "it was killed by \(String(cString: strsignal(signal))) (signal \(signal)) before reaching it"
        case .timedOut: how = "its time ran out before it reached it"
        }
        let errors = outcome.standardError.lastLines(4)
        return ExecuteDiagnostics.stoppedBefore(at: location, how, errors: errors)
    }

    /// The error for a run whose records cannot be trusted, at the snippet that was running when it was found (the
    /// first of the program when none had started). Thrown, never a snippet's outcome: no mark can expect it.
    func channelBroken(_ program: ProgramPlan, records: RuntimeRecords, fault: String) -> Diagnostic {
        let blocks = program.blocks
        let block = blocks.indices.contains(records.lastBoundary) ? blocks[records.lastBoundary] : blocks.first
        let location = block.map { snippets[$0.snippet].location } ?? SourceLocation(path: articlePath)
        return ExecuteDiagnostics.recordChannelBroken(at: location, fault: fault)
    }

    /// How the snippet running at the end ended.
    private func stopped(_ run: inout SnippetRun, snippet index: Int, records: RuntimeRecords, outcome: ProgramOutcome,
                         timeLimit: Double) {
        let snippet = snippets[index]
        // Docent stopped it: it printed more than the output limit (`outputTruncated` says so).
        if records.truncatedBoundary != nil, records.truncatedBoundary == records.lastBoundary { return }
        if let files = outcome.stoppedAtFileLimit {
            let message = ExecuteDiagnostics.fileLimitMessage(files: files, memoryLimit: settings.memoryLimit)
            run.outcome = .trapped(message: message)
            run.diagnostics.append(.error(ExecuteDiagnostics.ID.fileLimit, at: snippet.location, message))
            return
        }
        switch outcome.termination {
        case .exited(status: 0):
            return
        case .signaled(SIGXFSZ):
            run.outputTruncated = true
        case .timedOut:
            run.outcome = .timedOut(seconds: timeLimit)
            if let ceiling = outcome.stoppedAtCeiling {
                run.diagnostics.append(ExecuteDiagnostics.timeOutBusy(timeLimit, stoppedAfter: ceiling, at: snippet.location))
            } else {
                run.diagnostics.append(ExecuteDiagnostics.timeOut(timeLimit, at: snippet.location, clockFrozen: settings.now != nil))
            }
        case .signaled(SIGXCPU):
            let message = ExecuteDiagnostics.cpuLimitMessage(seconds: timeLimit.rounded(.up) + 1)
            run.outcome = .trapped(message: message)
            run.diagnostics.append(.error(ExecuteDiagnostics.ID.cpuLimit, at: snippet.location, message))
        case .exited(let status), .signaled(let status):
            let trap = CompilerOutput.trap(in: outcome.standardError)
            let message: String
            var id = ExecuteDiagnostics.ID.trap
            if let trap, trap.message.contains(CompilerMessages.failedToAllocate) {
                message = ExecuteDiagnostics.memoryLimitMessage(settings.memoryLimit, trap: trap.message)
                id = ExecuteDiagnostics.ID.memoryLimit
            } else if let trap {
                message = trap.message
            } else if case .signaled = outcome.termination {
                message = "Program crashed: \(String(cString: strsignal(status))) (signal \(status))"
            } else {
                message = "Program exited with status \(status)"
            }
            run.outcome = .trapped(message: message)
            // Without a trap's message, what the program said last says why (`Error: Missing expected argument`).
            let said = trap == nil ? outcome.standardError.lastLines(4) : ""
            run.diagnostics.append(ExecuteDiagnostics.trap(message, id: id, at: trapLocation(snippet: index, records: records, trap: trap),
                                                           said: said))
        }
    }

    /// The innermost running statement inside the snippet, else where the message says, else the innermost
    /// statement anywhere in the article, else the snippet's fence.
    private func trapLocation(snippet index: Int, records: RuntimeRecords, trap: CompilerOutput.Trap?) -> SourceLocation {
        let decoded = (records.trapSites ?? []).compactMap { site in decode(site.line).map { ($0.snippet, $0.line, site.column) } }
        if let own = decoded.last(where: { $0.0 == index }) {
            return location(snippet: own.0, line: own.1, column: own.2)
        }
        if let trap, let line = trap.line, let (snippet, codeLine) = decode(line) {
            return location(snippet: snippet, line: codeLine, column: 1)
        }
        if let innermost = decoded.last {
            return location(snippet: innermost.0, line: innermost.1, column: innermost.2)
        }
        return snippets[index].location
    }

    /// Where, in the code of snippet `index`, the top-level statement starts that was running when the program
    /// trapped: the outermost running statement in that snippet; nil when the records name none.
    func trappedStatement(snippet index: Int, records: RuntimeRecords) -> BlockFacts.Position? {
        for site in records.trapSites ?? [] {
            if let (snippet, line) = decode(site.line), snippet == index {
                return BlockFacts.Position(line: line, column: site.column)
            }
        }
        return nil
    }

    /// The snippet and code line of a program line, if it is one of this article's snippets' lines.
    func decode(_ line: Int) -> (snippet: Int, line: Int)? {
        guard let decoded = ProgramLines.decode(line), snippets.indices.contains(decoded.snippet) else { return nil }
        return decoded
    }

    /// Where a place in a program's copy of a snippet is in the Markdown file: its line, and its column in the
    /// block's own code (``Snippet/codeColumn(ofCheckedColumn:line:)``).
    func location(snippet: Int, line: Int, column: Int) -> SourceLocation {
        SourceLocation(path: articlePath, line: snippets[snippet].markdownLine(ofCodeLine: line) ?? snippets[snippet].location.line,
                       column: snippets[snippet].codeColumn(ofCheckedColumn: column, line: line))
    }

    /// A compiler note as `path:line:column: text`, at its Markdown line when it is in the article.
    private func mappedNote(_ note: CompilerOutput.Note) -> String {
        guard note.path == articlePath, let (snippet, line) = decode(note.line) else {
            return note.path == ProgramLines.generatedFile ? note.text : note.description
        }
        return "\(location(snippet: snippet, line: line, column: note.column)): \(note.text)"
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

    /// Why a program under a set `now` may wait for ever: its wall clock never moves (timers and sleeps do).
    static let frozenClockNote = "this article sets `now`, so its clock is frozen: a wait until a `Date` (`RunLoop.run(until:)`, "
        + "`while Date() < end`, `asyncAfter(wallDeadline:)`) never ends; wait for a duration instead "
        + "(`Thread.sleep`, `Task.sleep`, `asyncAfter(deadline:)`, a `Timer`), which run on real time"

    package static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
