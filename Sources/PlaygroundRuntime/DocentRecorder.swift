import Foundation

/// Keeps, per place in the code (line and column), how many values it produced and the last one, and writes the
/// records Docent reads (see `RecordWriter`; the kinds are `RuntimeContract.RecordKind`):
///
///     {"kind":"snippet","index":K,"offset":N}     snippet K starts; standard output is N bytes long
///     {"kind":"value","line":L,"column":C,"count":N,"text":T,"full":F,"cut":true}
///                                                 the Nth value of a place ("full" only when longer than "text")
///     {"kind":"truncated","index":K,"offset":N}   snippet K printed more than the output limit; the program stopped
///     {"kind":"trap","signal":S,"sites":[[L,C]…]} a fatal signal; the statements running, outermost first
///     {"kind":"end","offset":N}                   the program finished normally
///
/// The first two values of a place are written at once; later ones are kept in memory and written (the count and
/// the last value) at most every `flushInterval`, at each snippet boundary and at exit, so a crash or a kill
/// loses at most that much of a repeated place's history and never a place's first value. Places on lines
/// below `firstArticleLine` are Docent's own code and are ignored.
final class DocentRecorder: @unchecked Sendable {
    static let firstArticleLine = RuntimeContract.firstArticleLine
    static let flushInterval: UInt64 = 50_000_000 // nanoseconds
    /// Values written at once for each place.
    static let immediateValues = 2

    /// One place in the code.
    struct Site: Hashable {
        var line: Int
        var column: Int
    }

    /// What a place produced so far.
    private struct Entry {
        var count: Int
        var last: ValueSummary
        var isDirty: Bool
    }

    private let writer: RecordWriter
    private let outputLimit: Int
    private let summarizer: ValueSummarizer
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var entries: [Site: Entry] = [:]
    private var dirty: [Site] = []
    private var lastFlush: UInt64
    private var snippet = -1
    private var snippetStart = 0
    private var stopped = false

    init(writer: RecordWriter, outputLimit: Int = Int.max, summarizer: ValueSummarizer) {
        self.writer = writer
        self.outputLimit = outputLimit
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
            var entry = entries[site] ?? Entry(count: 0, last: summary, isDirty: false)
            entry.count += 1
            entry.last = summary
            if entry.count <= Self.immediateValues {
                writeValue(site, count: entry.count, summary)
                entry.isDirty = false
            } else if !entry.isDirty {
                entry.isDirty = true
                dirty.append(site)
            }
            entries[site] = entry
            if !dirty.isEmpty, Self.now() - lastFlush >= Self.flushInterval { flushValues() }
        }
    }

    func beginSnippet(_ index: Int) {
        locked {
            guard !stopped else { return }
            flushValues()
            let offset = outputOffset()
            writer.write(#"{"kind":"\#(RuntimeContract.RecordKind.snippet.name)","index":\#(index),"offset":\#(offset)}"#)
            snippet = index
            snippetStart = max(offset, 0)
        }
    }

    /// After a `print`: stops the program once the running snippet has printed more than the limit.
    func checkOutput() {
        guard outputLimit < Int.max else { return }
        let exceeded: Bool = locked {
            guard !stopped else { return false }
            let offset = outputOffset()
            guard offset >= 0, offset - snippetStart > outputLimit else { return false }
            flushValues()
            writer.write(#"{"kind":"\#(RuntimeContract.RecordKind.truncated.name)","index":\#(snippet),"offset":\#(offset)}"#)
            stopped = true
            return true
        }
        if exceeded { exit(0) }
    }

    /// At exit: the last values and the final length of standard output.
    func finish() {
        locked {
            guard !stopped else { return }
            stopped = true
            flushValues()
            writer.write(#"{"kind":"\#(RuntimeContract.RecordKind.end.name)","offset":\#(outputOffset())}"#)
        }
    }

    /// Writes the count and last value of every place that changed since it was last written.
    private func flushValues() {
        for site in dirty {
            guard var entry = entries[site], entry.isDirty else { continue }
            writeValue(site, count: entry.count, entry.last)
            entry.isDirty = false
            entries[site] = entry
        }
        dirty.removeAll(keepingCapacity: true)
        lastFlush = Self.now()
    }

    private func writeValue(_ site: Site, count: Int, _ summary: ValueSummary) {
        var record = #"{"kind":"\#(RuntimeContract.RecordKind.value.name)","line":\#(site.line),"column":\#(site.column),"#
            + #""count":\#(count),"text":"#
            + RecordWriter.json(summary.text)
        if summary.full != summary.text { record += #","full":"# + RecordWriter.json(summary.full) }
        if summary.isCut { record += #","cut":true"# }
        writer.write(record + "}")
    }

    /// Flushes standard output and returns its length, or -1 when it is not a file.
    private func outputOffset() -> Int {
        fflush(stdout)
        return Int(lseek(1, 0, SEEK_CUR))
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
