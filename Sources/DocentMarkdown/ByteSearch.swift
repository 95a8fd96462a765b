#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding bytes in UTF-8 text, byte for byte (no Unicode equivalence): what finding an author's own text in a line,
/// or an attribute in HTML, needs, without Foundation's `range(of:)` and its conversion to UTF-16.
///
/// ```swift
/// "a [b](x.md)".utf8Offset(of: "x.md")   // 6
/// ```
public enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `haystack` at or after `start`, or `nil`.
    public static func offset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                              from start: Int = 0) -> Int? {
        guard start >= 0, start <= haystack.count else { return nil }
        guard let base = haystack.baseAddress, let wanted = needle.baseAddress, !needle.isEmpty else {
            return needle.isEmpty ? start : nil
        }
        // memchr to each candidate first byte, memcmp for the rest (memmem is not in every C library's headers).
        var position = start
        while position + needle.count <= haystack.count {
            guard let hit = memchr(base + position, Int32(needle[0]), haystack.count - position - needle.count + 1) else { return nil }
            let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + offset, wanted, needle.count) == 0 { return offset }
            position = offset + 1
        }
        return nil
    }
}

extension StringProtocol {
    /// The UTF-8 offset of the first occurrence of `needle`'s bytes in the text, from `start` on, or `nil`.
    public func utf8Offset(of needle: String, from start: Int = 0) -> Int? {
        var needle = needle
        return needle.withUTF8 { needle in
            let search = { (haystack: UnsafeBufferPointer<UInt8>) in ByteSearch.offset(of: needle, in: haystack, from: start) }
            return utf8.withContiguousStorageIfAvailable(search) ?? Array(utf8).withUnsafeBufferPointer(search)
        }
    }
}
