/// Reads a comment's UTF-8 bytes left to right: spaces, fixed words, a Swift double-quoted string.
struct ByteScanner {
    private let bytes: [UInt8]
    private(set) var index: Int

    init(_ bytes: [UInt8], at index: Int = 0) {
        self.bytes = bytes
        self.index = min(index, bytes.count)
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// Skips spaces and tabs; returns how many.
    @discardableResult
    mutating func skipSpaces() -> Int {
        let start = index
        while !isAtEnd, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index - start
    }

    /// Skips `word` (ASCII) if it comes next.
    mutating func skip(_ word: String, caseInsensitive: Bool = false) -> Bool {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count else { return false }
        for (offset, byte) in expected.enumerated() {
            let actual = bytes[index + offset]
            let matches = caseInsensitive ? Self.lowercased(actual) == Self.lowercased(byte) : actual == byte
            guard matches else { return false }
        }
        index += expected.count
        return true
    }

    /// Reads `"…"` with Swift's escapes (`\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\'`, `\u{…}`) resolved;
    /// an unknown escape is kept as written. Nil, with `index` unspecified, when no closed string comes next.
    mutating func readQuotedString() -> String? {
        guard !isAtEnd, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var content: [UInt8] = []
        while !isAtEnd {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: content, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard !isAtEnd else { return nil }
                content += readEscape()
            default:
                content.append(byte)
            }
        }
        return nil
    }

    /// The bytes an escape stands for; `index` is just past the backslash.
    private mutating func readEscape() -> [UInt8] {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): return [UInt8(ascii: "\n")]
        case UInt8(ascii: "t"): return [UInt8(ascii: "\t")]
        case UInt8(ascii: "r"): return [UInt8(ascii: "\r")]
        case UInt8(ascii: "0"): return [0]
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"): return [byte]
        case UInt8(ascii: "u"):
            if let scalar = readUnicodeScalar() { return Array(String(Character(scalar)).utf8) }
            return [UInt8(ascii: "\\"), byte]
        default:
            return [UInt8(ascii: "\\"), byte]
        }
    }

    /// Reads `{1F600}` after `\u`; leaves `index` alone when it is not a valid scalar.
    private mutating func readUnicodeScalar() -> Unicode.Scalar? {
        guard !isAtEnd, bytes[index] == UInt8(ascii: "{"),
            let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")), (1...8).contains(close - index - 1),
            let value = UInt32(String(decoding: bytes[(index + 1)..<close], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        index = close + 1
        return scalar
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
