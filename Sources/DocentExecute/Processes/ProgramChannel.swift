import Foundation

/// What an article program sends Docent while it runs, checked and measured as it arrives: its standard output,
/// counted here and kept up to the output limit per snippet, and the runtime's records from the channel
/// (`RuntimeContract.Channel`), each of which must carry the run's token and the next number.
///
/// ```swift
/// var channel = ProgramChannel(token: token, outputLimit: 1 << 20)
/// channel.receive(output: bytes)                 // before each records chunk: all output printed so far
/// let acknowledgements = channel.receive(records: chunk)
/// channel.finish(exitedNormally: true)           // channel.records, channel.output, channel.fault
/// ```
/// The records it keeps are what `RuntimeRecords` reads: the runtime's, with each boundary's and the end's offset
/// into the kept output measured here, and a `truncated` record once a snippet printed more than the limit (the
/// runner then stops the program). Memory stays bounded whatever the limit: at most `outputLimit + 1` bytes of
/// each snippet's output are kept (the extra byte tells the page it was cut).
struct ProgramChannel {
    /// A record line longer than this is not the runtime's (its longest value is far shorter).
    static let longestRecord = 64 << 20

    let token: String
    let outputLimit: Int
    /// The output kept, snippet after snippet.
    private(set) var output: [UInt8] = []
    /// The checked records, one JSON object per line.
    private(set) var records = ""
    /// Why the channel cannot be trusted: the program wrote to it, or closed or replaced it.
    private(set) var fault: String?
    /// Whether the running snippet printed more than the limit.
    private(set) var isOverLimit = false

    /// Bytes the running snippet printed, all counted.
    private var printed = 0
    private var segmentStart = 0
    private var boundary = -1
    private var sequence = 0
    private var sawEnd = false
    private var line: [UInt8] = []

    init(token: String, outputLimit: Int) {
        self.token = token
        self.outputLimit = max(outputLimit, 0)
    }

    /// A random token: 16 bytes in hex.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<RuntimeContract.Channel.tokenLength / 2)
            .map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Counts output the program printed, and keeps what the limit allows.
    mutating func receive<Bytes: Collection<UInt8>>(output bytes: Bytes) {
        printed += bytes.count
        let kept = output.count - segmentStart
        let room = max(0, min(outputLimit, Int.max - 1) + 1 - kept)
        output.append(contentsOf: bytes.prefix(room))
        if printed > outputLimit, !isOverLimit, fault == nil {
            isOverLimit = true
            records += #"{"kind":"truncated","index":\#(boundary),"offset":\#(output.count)}"# + "\n"
        }
    }

    /// Checks records the program wrote; returns how many boundaries to acknowledge.
    mutating func receive<Bytes: Collection<UInt8>>(records bytes: Bytes) -> Int {
        var boundaries = 0
        for byte in bytes where fault == nil {
            guard byte == UInt8(ascii: "\n") else {
                line.append(byte)
                if line.count > Self.longestRecord { fault = "a record longer than the runtime writes" }
                continue
            }
            if accept(line) { boundaries += 1 }
            line.removeAll(keepingCapacity: true)
        }
        return boundaries
    }

    /// The program has ended: a normal exit must have written its `end` record, and nothing after it.
    mutating func finish(exitedNormally: Bool) {
        guard fault == nil else { return }
        if exitedNormally, !line.isEmpty {
            fault = "an unfinished record"
        } else if sawEnd {
            records += #"{"kind":"end","offset":\#(output.count)}"# + "\n"
        } else if exitedNormally, !isOverLimit {
            fault = "no end record"
        }
    }

    /// Takes one record line (without its line break); returns whether it is a boundary.
    private mutating func accept(_ line: [UInt8]) -> Bool {
        let text = String(decoding: line, as: UTF8.self)
        let fields = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == token, let number = Int(fields[1]), !sawEnd else {
            fault = sawEnd ? "a record after the end" : "a record without the run's token"
            return false
        }
        let json = fields[2]
        // The crash handler numbers its record without the recorder's lock: its number is not checked.
        if json.hasPrefix(#"{"kind":"trap","#) {
            records += json + "\n"
            return false
        }
        guard number == sequence else {
            fault = "records out of sequence"
            return false
        }
        sequence += 1
        if json.hasPrefix(#"{"kind":"value","#) || json.hasPrefix(#"{"kind":"test","#)
            || json.hasPrefix(#"{"kind":"testStarted","#) {
            records += json + "\n"
        } else if json == #"{"kind":"end"}"# {
            sawEnd = true
        } else if let index = Self.boundaryIndex(json) {
            boundary = index
            printed = 0
            segmentStart = output.count
            isOverLimit = false
            records += #"{"kind":"snippet","index":\#(index),"offset":\#(output.count)}"# + "\n"
            return true
        } else {
            fault = "a record the runtime does not write"
        }
        return false
    }

    /// The index of a boundary record, `{"kind":"snippet","index":K}` exactly.
    private static func boundaryIndex(_ json: Substring) -> Int? {
        let prefix = #"{"kind":"snippet","index":"#
        guard json.hasPrefix(prefix), json.hasSuffix("}") else { return nil }
        let digits = json.dropFirst(prefix.count).dropLast()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }
}
