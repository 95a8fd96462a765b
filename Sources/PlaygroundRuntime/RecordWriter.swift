import Foundation

/// Writes the runtime's records, one JSON object per line, each with a single `write(2)` to the results file
/// (opened with `O_APPEND`, so records from several threads never interleave).
struct RecordWriter {
    /// The results file, or -1 to write nothing.
    let fd: Int32

    /// Writes `record` and a line break.
    func write(_ record: String) {
        guard fd >= 0 else { return }
        var bytes = Array(record.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + written, $0.count - written) }
            if result <= 0 { return }
            written += result
        }
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
