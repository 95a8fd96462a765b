import Foundation
import Testing
@testable import DocentExecute
@testable import PlaygroundRuntime

/// `RuntimeRecords` read from what the runtime really writes: a `DocentRecorder` writing to a file, and the crash
/// handler's trap record, not hand-written JSON, checked by Docent's side of the channel (`ProgramChannel`).
@Suite struct RuntimeRecordsTests {
    /// A recorder writing to a fresh file, and the file's records as the pipeline reads them.
    final class Recording {
        static let token = "00112233445566778899aabbccddeeff"
        let path: String
        let fd: Int32
        let recorder: DocentRecorder
        let summarizer = ValueSummarizer(timeZone: "UTC", locale: "en_US_POSIX")

        init() {
            path = FileManager().temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).jsonl").path
            fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            recorder = DocentRecorder(writer: RecordWriter(fd: fd, token: Self.token), summarizer: summarizer)
        }

        deinit {
            close(fd)
            try? FileManager().removeItem(atPath: path)
        }

        var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        var records: RuntimeRecords { Self.records(text) }

        /// The records in `text` as Docent keeps them, which must find nothing wrong with them.
        static func records(_ text: String, exitedNormally: Bool = true) -> RuntimeRecords {
            var channel = ProgramChannel(token: token, outputLimit: 100)
            _ = channel.receive(records: Array(text.utf8))
            channel.finish(exitedNormally: exitedNormally)
            #expect(channel.fault == nil)
            return RuntimeRecords(parsing: channel.records)
        }
    }

    let line = ProgramLines.encode(snippet: 0, line: 1)

    @Test func boundariesValuesAndTheEndComeThrough() {
        let recording = Recording()
        recording.recorder.beginSnippet(0)
        recording.recorder.log(42, line: line, column: 9)
        recording.recorder.beginSnippet(1)
        recording.recorder.log("two", line: line + 100_000, column: 1)
        recording.recorder.finish()
        let records = recording.records
        #expect(records.boundaries.keys.sorted() == [0, 1])
        #expect(records.lastBoundary == 1)
        #expect(records.sites.keys.sorted() == [ProgramSite(line: line, column: 9), ProgramSite(line: line + 100_000, column: 1)])
        #expect(records.sites[ProgramSite(line: line, column: 9)]
                == .init(histories: [0: .init(count: 1, values: [.init(ordinal: 1, text: "42", full: "42", isCut: false)])]))
        #expect(records.sites[ProgramSite(line: line + 100_000, column: 1)]?.histories[1]?.last?.text == "\"two\"")
        #expect(records.endOffset != nil)
        #expect(records.truncatedBoundary == nil)
        #expect(records.trapSites == nil)
    }

    @Test func aRepeatedPlaceKeepsItsFirstValueItsLastAndItsCount() {
        let recording = Recording()
        for value in 1...5 { recording.recorder.log(value, line: line, column: 1) }
        recording.recorder.finish() // flushes the count and last value kept in memory
        let site = recording.records.sites[ProgramSite(line: line, column: 1)]
        #expect(site?.count == 5)
        #expect(site?.histories[-1]?.values.map(\.text) == ["1", "2", "3", "4", "5"])
        #expect(site?.last?.text == "5")
    }

    /// A value whose description is the given text, written by the recorder as it is, control characters and all.
    struct Described: CustomStringConvertible {
        var description: String
    }

    @Test func textNeedingEscapesArrivesExactly() {
        let recording = Recording()
        let texts = ["quote \" backslash \\ tab \t", "line\nbreak\r\n", "bell \u{07} delete \u{7F} nul \u{0}",
                     "é ü 日本 🎉 \u{2028}", "{\"kind\":\"end\"}"]
        let values: [Any] = texts.map { Described(description: $0) } + texts
        for (index, value) in values.enumerated() { recording.recorder.log(value, line: line + index, column: 1) }
        recording.recorder.finish()
        let records = recording.records
        for (index, value) in values.enumerated() {
            let expected = recording.summarizer.summarize(value)
            if index < texts.count { #expect(expected.full == texts[index]) } // the raw text reaches the writer
            #expect(records.sites[ProgramSite(line: line + index, column: 1)]?.last?.text == expected.text)
            #expect(records.sites[ProgramSite(line: line + index, column: 1)]?.last?.full == expected.full)
        }
        #expect(records.endOffset != nil)
    }

    @Test func aLongValueKeepsItsWholeTextAndItsCut() {
        let recording = Recording()
        let value = Array(0..<500)
        recording.recorder.log(value, line: line, column: 1)
        recording.recorder.finish()
        let last = recording.records.sites[ProgramSite(line: line, column: 1)]?.last
        #expect(last?.isCut == true)
        #expect(last?.text == "500 elements [0, 1, 2, 3, 4, …]")
        #expect(last?.full == recording.summarizer.summarize(value).full)
        #expect(last?.full.hasPrefix("[0, 1, 2, 3, 4, 5") == true)
    }

    @Test func docentsOwnLinesLeaveNoSite() {
        let recording = Recording()
        recording.recorder.log(1, line: ProgramLines.stride - 1, column: 1)
        recording.recorder.finish()
        #expect(recording.records.sites.isEmpty)
        #expect(recording.records.endOffset != nil)
    }

    @Test func aRecordCutShortByAKillIsSkippedAndTheRestKept() {
        let recording = Recording()
        recording.recorder.beginSnippet(0)
        recording.recorder.log("kept", line: line, column: 1)
        recording.recorder.log("lost", line: line + 1, column: 1)
        var text = recording.text
        text.removeLast(8) // the last record loses its end, as if the program was killed while writing it
        let records = Recording.records(text, exitedNormally: false)
        #expect(records.boundaries.keys.sorted() == [0])
        #expect(records.sites.keys.sorted() == [ProgramSite(line: line, column: 1)])
        #expect(records.endOffset == nil)
    }

    @Test func theCrashHandlersTrapRecordGivesTheRunningStatements() {
        let pairs = [(line, 1), (line + 2, 5), (ProgramLines.encode(snippet: 1, line: 3), 12)]
        let statements = UnsafeMutablePointer<Int>.allocate(capacity: pairs.count * 2)
        defer { statements.deallocate() }
        for (index, pair) in pairs.enumerated() {
            statements[index * 2] = pair.0
            statements[index * 2 + 1] = pair.1
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: CrashHandler.bufferSize, alignment: 1)
        defer { buffer.deallocate() }
        let length = CrashHandler.formatTrap(signal: SIGILL, statements: statements, depth: pairs.count, into: buffer)
        let header = Recording.token + " 2 " // as the handler writes it: the token, the next number

        let recording = Recording()
        recording.recorder.beginSnippet(0)
        recording.recorder.log(1, line: line, column: 1)
        let trap = String(decoding: buffer[..<length], as: UTF8.self)
        let records = Recording.records(recording.text + header + trap, exitedNormally: false)
        #expect(records.trapSites == pairs.map { ProgramSite(line: $0.0, column: $0.1) })
        #expect(records.lastBoundary == 0)
        #expect(records.sites[ProgramSite(line: line, column: 1)]?.count == 1)
        #expect(records.endOffset == nil)
    }
}
