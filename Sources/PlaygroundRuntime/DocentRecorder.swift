import Foundation

/// Keeps, per place in the code (line and column) and per snippet whose code was running when the place produced
/// a value, how many values it produced, its first ones and its last one, and writes the records Docent reads (see
/// `RecordWriter`; the kinds are `RuntimeContract.RecordKind`):
///
///     {"kind":"snippet","index":K}                snippet K starts (standard output flushed; Docent measures it)
///     {"kind":"value","line":L,"column":C,"snippet":K,"count":N,"text":T,"full":F,"cut":true}
///                                                 the Nth value the place produced while snippet K's code ran
///                                                 ("full" only when longer than "text")
///     {"kind":"trap","signal":S,"sites":[[L,C]…]} a fatal signal; the statements running, outermost first
///     {"kind":"end"}                              the program finished normally
///
/// At a boundary the recorder waits for Docent's acknowledgement before the snippet runs (`RecordWriter`), so
/// Docent has read all output printed before it; Docent also enforces the output limit.
///
/// A place's history while one snippet runs is its first `RuntimeContract.firstValuesKept` values, each written at
/// once, and its last value, kept in memory and written (with its number, the count so far) at most every
/// `flushInterval`, at each snippet boundary and at exit: so a crash or a kill loses at most that much of a
/// repeated place's history and never its first values. What is kept is bounded by the program's text, not by
/// what it does: one summary per place and snippet in memory, at most `firstValuesKept` records per place and
/// snippet at once, and one per dirty place and snippet per flush (a loop of ten million iterations writes its
/// first values and then one record per flush; a function called from every snippet, a history per snippet).
/// Places on lines below `firstArticleLine` are Docent's own code and are ignored.
final class DocentRecorder: @unchecked Sendable {
    static let firstArticleLine = RuntimeContract.firstArticleLine
    static let flushInterval: UInt64 = 50_000_000 // nanoseconds
    /// Values written at once for each place and snippet.
    static let immediateValues = RuntimeContract.firstValuesKept

    /// One place in the code.
    struct Site: Hashable {
        var line: Int
        var column: Int
    }

    /// A place's values while one snippet's code ran (`snippet` is -1 before the first snippet starts).
    private struct Key: Hashable {
        var site: Site
        var snippet: Int
    }

    /// What a place produced so far while one snippet ran.
    private struct Entry {
        var count: Int
        var last: ValueSummary
        var isDirty: Bool
    }

    private let writer: RecordWriter
    private let summarizer: ValueSummarizer
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var entries: [Key: Entry] = [:]
    private var dirty: [Key] = []
    private var lastFlush: UInt64
    private var snippet = -1
    private var stopped = false

    init(writer: RecordWriter, summarizer: ValueSummarizer) {
        self.writer = writer
        self.summarizer = summarizer
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        lastFlush = Self.now()
    }

    /// Records a value of the place at (line, column). The value is summarised outside the lock, with the thread
    /// marked as describing, so a `description` that itself runs instrumented code is not recorded.
    func log<T>(_ value: T, line: Int, column: Int) {
        guard line >= Self.firstArticleLine, T.self != Void.self else { return }
        let thread = ThreadState.current
        guard !thread.isDescribing else { return }
        thread.isDescribing = true
        let summary = summarizer.summarize(value)
        thread.isDescribing = false
        record(summary, at: Site(line: line, column: column))
    }

    /// Adds an already summarised value of a place.
    func record(_ summary: ValueSummary, at site: Site) {
        locked {
            guard !stopped else { return }
            let key = Key(site: site, snippet: snippet)
            var entry = entries[key] ?? Entry(count: 0, last: summary, isDirty: false)
            entry.count += 1
            entry.last = summary
            if entry.count <= Self.immediateValues {
                writeValue(key, count: entry.count, summary)
                entry.isDirty = false
            } else if !entry.isDirty {
                entry.isDirty = true
                dirty.append(key)
            }
            entries[key] = entry
            if !dirty.isEmpty, Self.now() - lastFlush >= Self.flushInterval { flushValues() }
        }
    }

    /// Snippet `index` starts: the values so far, standard output flushed, the boundary, and Docent's acknowledgement
    /// that it has read the output before it (awaited under the lock, so no other thread's record comes between).
    func beginSnippet(_ index: Int) {
        locked {
            guard !stopped else { return }
            flushValues()
            fflush(stdout)
            // A channel the program closed gets no acknowledgement: the program goes on, and Docent sees no end.
            if writer.write(#"{"kind":"\#(RuntimeContract.RecordKind.snippet.name)","index":\#(index)}"#) {
                writer.awaitAcknowledgement()
            }
            snippet = index
        }
    }

    /// A test ended (or, `started`, began): its fields (a JSON object without the kind, `{"issues":…,"line":…}`) as
    /// a `test` (`testStarted`) record, after the values so far and standard output.
    func recordTest(_ fields: String, started: Bool = false) {
        locked {
            guard !stopped, fields.hasPrefix("{") else { return }
            flushValues()
            fflush(stdout)
            let kind = started ? RuntimeContract.RecordKind.testStarted.name : RuntimeContract.RecordKind.test.name
            writer.write(#"{"kind":"\#(kind)","# + String(fields.dropFirst()))
        }
    }

    /// After a `print`: standard output flushed, so what was printed reaches Docent even if the program traps next.
    func didPrint() {
        fflush(stdout)
    }

    /// At exit: the last values, and the end.
    func finish() {
        locked {
            guard !stopped else { return }
            stopped = true
            flushValues()
            fflush(stdout)
            writer.write(#"{"kind":"\#(RuntimeContract.RecordKind.end.name)"}"#)
        }
    }

    /// Writes the count and last value of every place and snippet that changed since it was last written.
    private func flushValues() {
        for key in dirty {
            guard var entry = entries[key], entry.isDirty else { continue }
            writeValue(key, count: entry.count, entry.last)
            entry.isDirty = false
            entries[key] = entry
        }
        dirty.removeAll(keepingCapacity: true)
        lastFlush = Self.now()
    }

    private func writeValue(_ key: Key, count: Int, _ summary: ValueSummary) {
        var record = #"{"kind":"\#(RuntimeContract.RecordKind.value.name)","line":\#(key.site.line),"column":\#(key.site.column),"#
            + #""snippet":\#(key.snippet),"count":\#(count),"text":"#
            + RecordWriter.json(summary.text)
        if summary.full != summary.text { record += #","full":"# + RecordWriter.json(summary.full) }
        if summary.isCut { record += #","cut":true"# }
        writer.write(record + "}")
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
