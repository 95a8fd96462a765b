/// What a request's `Range` header asks of a file of `size` bytes: the whole file (no header, another unit, or a
/// header that does not parse, which HTTP says to ignore), one range of it (the first satisfiable one when several
/// are asked: multi-part answers are not made), or nothing it has (416).
///
/// ```swift
/// ByteRange.parse("bytes=-500", size: 1000)   // .part(500...999)
/// ```
enum ByteRange: Equatable {
    case whole
    case part(ClosedRange<Int>)
    case unsatisfiable

    static func parse(_ header: String?, size: Int) -> ByteRange {
        guard let header, header.lowercased().hasPrefix("bytes=") else { return .whole }
        var anyValid = false
        for spec in header.dropFirst("bytes=".count).split(separator: ",", omittingEmptySubsequences: false) {
            let spec = spec.trimmingSpaces
            guard let dash = spec.firstIndex(of: "-") else { return .whole }
            let (first, last) = (spec[..<dash], spec[spec.index(after: dash)...])
            switch (number(first), number(last)) {
            case (let start?, nil) where last.isEmpty:
                anyValid = true
                if start < size { return .part(start...(size - 1)) }
            case (nil, let count?) where first.isEmpty:
                anyValid = true
                if count > 0, size > 0 { return .part(max(0, size - count)...(size - 1)) }
            case (let start?, let end?) where start <= end:
                anyValid = true
                if start < size { return .part(start...min(end, size - 1)) }
            default:
                return .whole
            }
        }
        return anyValid ? .unsatisfiable : .whole
    }

    /// Digits only; a number too large for `Int` is `Int.max` (past any file's end).
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text) ?? Int.max
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
