import Foundation

/// A 64-bit FNV-1a hash, stable across runs and machines (unlike `Hasher`), for naming cache entries.
struct StableHash {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    /// Adds `text` and a separator, so `["ab", "c"]` and `["a", "bc"]` differ.
    mutating func combine(_ text: String) {
        for byte in text.utf8 { add(byte) }
        add(0)
    }

    /// Adds raw bytes (no separator).
    mutating func combine(bytes: Data) {
        for byte in bytes { add(byte) }
    }

    /// Adds raw bytes eight at a time (the tail byte by byte): for whole files, where the byte loop is too slow.
    mutating func combine(words bytes: Data) {
        bytes.withUnsafeBytes { buffer in
            let whole = buffer.count / 8
            for index in 0..<whole {
                state = (state ^ buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x0000_0100_0000_01b3
            }
            for index in (whole * 8)..<buffer.count { add(buffer[index]) }
        }
    }

    private mutating func add(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// Sixteen hex digits.
    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func of(_ parts: [String]) -> String {
        var hash = StableHash()
        for part in parts { hash.combine(part) }
        return hash.hex
    }
}
