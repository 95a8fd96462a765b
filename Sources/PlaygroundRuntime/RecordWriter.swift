import Foundation

/// Writes the runtime's records to Docent's channel (`RuntimeContract.Channel`): each as `TOKEN SEQUENCE JSON` and a
/// line break, with a single `write(2)`; the caller serialises writes (the recorder's lock), so their numbers
/// follow each other. At a boundary it waits for Docent's acknowledgement.
struct RecordWriter {
    /// Where records go, or -1 to write nothing.
    let fd: Int32
    /// The run's token, which starts every record.
    let token: String
    /// Where acknowledgements come from, or -1 not to wait for them.
    let acknowledgements: Int32
    /// The next record's number, shared with the crash handler (which reads it without a lock).
    let sequence: UnsafeMutablePointer<Int>

    init(fd: Int32, token: String = "", acknowledgements: Int32 = -1) {
        self.fd = fd
        self.token = token
        self.acknowledgements = acknowledgements
        sequence = .allocate(capacity: 1)
        sequence.initialize(to: 0)
    }

    /// Writes `record` with the token and the next number; returns whether all of it was written.
    @discardableResult
    func write(_ record: String) -> Bool {
        guard fd >= 0 else { return false }
        var bytes = Array("\(token) \(sequence.pointee) \(record)\n".utf8)
        sequence.pointee += 1
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeMutableBytes { Foundation.write(fd, $0.baseAddress! + written, $0.count - written) }
            if result < 0, errno == EINTR { continue }
            if result <= 0 { return false }
            written += result
        }
        return true
    }

    /// Waits until Docent has read everything written before the last record (one byte on `acknowledgements`).
    func awaitAcknowledgement() {
        guard acknowledgements >= 0 else { return }
        var byte: UInt8 = 0
        while read(acknowledgements, &byte, 1) < 0, errno == EINTR {}
    }

    /// The token Docent wrote on `fd` (`RuntimeContract.Channel.tokenLength` hex digits and a line break), or `nil`
    /// when there is none.
    static func readToken(from fd: Int32) -> String? {
        let length = RuntimeContract.Channel.tokenLength + 1
        var bytes = [UInt8](repeating: 0, count: length)
        var count = 0
        while count < length {
            let result = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, length - count) }
            if result < 0, errno == EINTR { continue }
            if result <= 0 { return nil }
            count += result
        }
        let digits = bytes.dropLast()
        guard bytes.last == UInt8(ascii: "\n"), digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else {
            return nil
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// `text` as a JSON string literal.
    static func json(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
