/// The one-line progress display of the Execute step on a terminal: a bar, the counts, and the article that
/// has been running longest, e.g. `[██████░░░░░░] 6/10 articles · formatting-dates.md 12.4 s`.
struct ProgressLine: Sendable {
    var done: Int
    var total: Int
    /// Articles running now, with the seconds each has run.
    var running: [(path: String, seconds: Double)]

    /// The line, at most `width` columns (the article's name is shortened from the left to fit).
    func rendered(width: Int) -> String {
        let barWidth = 20
        let filled = total > 0 ? min(barWidth, done * barWidth / total) : 0
        var line = "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "] "
            + "\(done)/\(total) \(total == 1 ? "article" : "articles")"
        if let slowest = running.max(by: { $0.seconds < $1.seconds }) {
            let more = running.count > 1 ? " (+\(running.count - 1))" : ""
            let seconds = " " + String(Int(slowest.seconds * 10) / 10) + "." + String(Int(slowest.seconds * 10) % 10) + " s" + more
            let room = width - line.count - 3 - seconds.count
            if room >= 8 {
                let path = slowest.path.count > room ? "…" + slowest.path.suffix(room - 1) : slowest.path
                line += " · " + path + seconds
            }
        }
        return line.count > width ? String(line.prefix(width)) : line
    }
}
