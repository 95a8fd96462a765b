import Foundation
import Testing
@testable import PlaygroundRuntime

/// The recorder's records: what is written when, per line and column, from any number of threads.
@Suite struct DocentRecorderTests {
    /// A recorder writing to a fresh file, and a way to read the records back.
    struct Subject {
        static let token = "0123456789abcdef0123456789abcdef"
        let path: String
        let recorder: DocentRecorder

        init() {
            path = FileManager().temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).jsonl").path
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            recorder = DocentRecorder(writer: RecordWriter(fd: fd, token: Self.token),
                                      summarizer: ValueSummarizer(timeZone: "UTC", locale: "en_US_POSIX"))
        }

        /// Each line as written: `TOKEN NUMBER JSON`.
        var lines: [(token: Substring, number: Int?, json: Substring)] {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map { line in
                let fields = line.split(separator: " ", maxSplits: 2)
                return (fields[0], Int(fields[1]), fields[2])
            }
        }

        var records: [[String: Any]] {
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.json.utf8)) as? [String: Any] }
        }

        func values(line: Int, column: Int) -> [[String: Any]] {
            records.filter { $0["kind"] as? String == "value" && $0["line"] as? Int == line && $0["column"] as? Int == column }
        }
    }

    let line = DocentRecorder.firstArticleLine + 1

    @Test func twoPlacesOnOneLineAreKeptApartAndTheFirstValuesAreWrittenAtOnce() {
        let subject = Subject()
        subject.recorder.log(1, line: line, column: 5)
        subject.recorder.log(2, line: line, column: 16)
        for value in 1...25 { subject.recorder.log(value, line: line + 1, column: 1) } // 20…25 kept in memory
        #expect(subject.values(line: line, column: 5).map { $0["text"] as? String } == ["1"])
        #expect(subject.values(line: line, column: 16).map { $0["text"] as? String } == ["2"])
        // What a kill now would leave: the first 19 values, each with its number, and none of the later ones.
        let written = subject.values(line: line + 1, column: 1)
        #expect(written.map { $0["count"] as? Int } == Array(1...19))
        #expect(written.map { $0["text"] as? String } == (1...19).map { "\($0)" })
        subject.recorder.beginSnippet(1)
        let repeated = subject.values(line: line + 1, column: 1)
        #expect(repeated.count == 20)
        #expect(repeated.last?["count"] as? Int == 25)
        #expect(repeated.last?["text"] as? String == "25")
    }

    @Test func eachValueNamesTheSnippetWhoseCodeWasRunningAndEachSnippetHasItsOwnHistory() {
        let subject = Subject()
        subject.recorder.beginSnippet(0)
        for value in 1...3 { subject.recorder.log(value, line: line, column: 1) }
        subject.recorder.beginSnippet(3) // a later snippet calls the function whose body is on `line`
        for value in 10...11 { subject.recorder.log(value, line: line, column: 1) }
        subject.recorder.finish()
        let records = subject.values(line: line, column: 1)
        #expect(records.map { $0["snippet"] as? Int } == [0, 0, 0, 3, 3])
        #expect(records.map { $0["count"] as? Int } == [1, 2, 3, 1, 2])
        #expect(records.map { $0["text"] as? String } == ["1", "2", "3", "10", "11"])
    }

    @Test func aLongLoopWritesItsFirstValuesThenAtMostOneRecordPerFlush() {
        let subject = Subject()
        let start = DispatchTime.now().uptimeNanoseconds
        for value in 0..<300_000 { subject.recorder.log(value, line: line, column: 1) }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        subject.recorder.finish()
        let records = subject.values(line: line, column: 1)
        // 19 at once, then the last value at most once per flush interval, and once more at the end.
        let flushes = Int(elapsed / DocentRecorder.flushInterval) + 1
        #expect(records.count <= 19 + flushes + 1, "\(records.count) records in \(elapsed / 1_000_000) ms")
        #expect(records.last?["count"] as? Int == 300_000)
        #expect(records.last?["text"] as? String == "299999")
    }

    @Test func docentsOwnLinesAreIgnored() {
        let subject = Subject()
        subject.recorder.log(1, line: 1, column: 1)
        subject.recorder.log((), line: line, column: 1)
        subject.recorder.finish()
        #expect(subject.records.map { $0["kind"] as? String } == ["end"])
    }

    @Test func aLongValueCarriesItsWholeTextAndACut() {
        let subject = Subject()
        subject.recorder.log(Array(0..<500), line: line, column: 1)
        let record = subject.values(line: line, column: 1).first
        #expect(record?["text"] as? String == "500 elements [0, 1, 2, 3, 4, …]")
        #expect((record?["full"] as? String)?.hasPrefix("[0, 1, 2, 3") == true)
        #expect(record?["cut"] as? Bool == true)
    }

    @Test func eightThreadsLoggingAtOnceGiveExactCounts() {
        let subject = Subject()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for value in 0..<500 { subject.recorder.log(value, line: line + worker, column: 3) }
        }
        subject.recorder.finish()
        for worker in 0..<8 {
            let counts = subject.values(line: line + worker, column: 3).compactMap { $0["count"] as? Int }
            #expect(counts.max() == 500)
        }
    }

    /// A value whose description is itself instrumented code that logs.
    struct Chatty: CustomStringConvertible {
        let recorder: DocentRecorder
        let line: Int
        var description: String {
            recorder.log("inner", line: line, column: 99)
            return "chatty"
        }
    }

    @Test func whatADescriptionLogsWhileItIsBeingDescribedIsIgnored() {
        let subject = Subject()
        subject.recorder.log(Chatty(recorder: subject.recorder, line: line), line: line, column: 1)
        #expect(subject.values(line: line, column: 1).first?["text"] as? String == "chatty")
        #expect(subject.values(line: line, column: 99).isEmpty)
    }

    @Test func everyRecordCarriesTheTokenAndTheNextNumber() {
        let subject = Subject()
        subject.recorder.beginSnippet(0)
        for value in 1...3 { subject.recorder.log(value, line: line, column: 1) }
        subject.recorder.beginSnippet(1)
        subject.recorder.finish()
        let kinds = subject.records.map { $0["kind"] as? String }
        #expect(kinds == ["snippet", "value", "value", "value", "snippet", "end"])
        #expect(subject.records.first?["index"] as? Int == 0)
        #expect(subject.records.first?["offset"] == nil, "Docent measures the output itself")
        #expect(subject.lines.allSatisfy { $0.token == Subject.token })
        #expect(subject.lines.map(\.number) == Array(0..<6))
    }

    @Test func aBoundaryWaitsForDocentsAcknowledgementAfterFlushingStandardOutput() throws {
        var records: [Int32] = [0, 0], acknowledgements: [Int32] = [0, 0]
        #expect(pipe(&records) == 0 && pipe(&acknowledgements) == 0)
        defer { (records + acknowledgements).forEach { _ = close($0) } }
        let writer = RecordWriter(fd: records[1], token: Subject.token, acknowledgements: acknowledgements[0])
        let recorder = DocentRecorder(writer: writer, summarizer: ValueSummarizer(timeZone: "UTC", locale: "en_US_POSIX"))
        let started = DispatchSemaphore(value: 0), passed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            started.signal()
            recorder.beginSnippet(2)
            passed.signal()
        }
        started.wait()
        #expect(passed.wait(timeout: .now() + 0.3) == .timedOut, "it waits for the acknowledgement")
        var line = [UInt8](repeating: 0, count: 256)
        let count = read(records[0], &line, line.count)
        #expect(String(decoding: line.prefix(max(count, 0)), as: UTF8.self) == Subject.token + #" 0 {"kind":"snippet","index":2}"# + "\n")
        #expect(write(acknowledgements[1], "+", 1) == 1)
        #expect(passed.wait(timeout: .now() + 10) == .success, "the acknowledgement lets the snippet run")
    }

    @Test func theTokenIsReadOnceAsDocentWritesIt() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { _ = close($0) } }
        _ = write(ends[1], Subject.token + "\n+", Subject.token.utf8.count + 2)
        #expect(RecordWriter.readToken(from: ends[0]) == Subject.token)
        var next: UInt8 = 0
        #expect(read(ends[0], &next, 1) == 1 && next == UInt8(ascii: "+"), "no more than the token is read")
        _ = write(ends[1], "not hex at all, not 32 digits!!!\n", 33)
        #expect(RecordWriter.readToken(from: ends[0]) == nil)
        #expect(RecordWriter.readToken(from: -1) == nil, "no channel")
    }
}
