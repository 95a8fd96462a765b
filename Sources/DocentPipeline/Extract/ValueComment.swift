/// Finds a trailing `// => value` comment in a line of Swift: the value the author expects the line to produce.
struct ValueComment: Equatable {
    /// The expected value, without surrounding spaces.
    var text: String
    /// 0-based UTF-8 offset in the line where the value starts (after `=>` and any spaces).
    var valueOffset: Int
    /// 0-based UTF-8 offset of the `//` that starts the comment.
    var commentOffset: Int

    /// The first `//` outside a string literal, if the comment it starts is `// =>`.
    static func find(in line: Substring) -> ValueComment? {
        let bytes = Array(line.utf8)
        guard let comment = commentStart(bytes) else { return nil }
        var index = comment + 2
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: ">") else {
            return nil
        }
        index += 2
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        var end = bytes.count
        while end > index, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[end - 1]) { end -= 1 }
        return ValueComment(text: String(decoding: bytes[index..<end], as: UTF8.self), valueOffset: index, commentOffset: comment)
    }

    /// Where the line's first `//` outside a single-line string literal starts.
    private static func commentStart(_ bytes: [UInt8]) -> Int? {
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                return index
            }
            index += 1
        }
        return nil
    }
}
