import Foundation

/// Renames a program object's module back to `main` for the runtime: its module descriptor's name is the ABI name
/// (`main_docent_<entry>`), which `dump`, `String(reflecting:)` and `print` of a type would show. The name is stored
/// once, NUL-terminated; it is overwritten in place with `main` and NULs.
///
/// ```swift
/// let patched = MergedObject.patch(objectData, entry: "k1")   // nil: the name is there twice, do not merge it
/// ```
/// Absent, the module declares no type and there is nothing to rename. More than once (a string literal that equals
/// the ABI name), the patch would be a guess: the program is not merged.
enum MergedObject {
    static func patch(_ object: Data, entry: String) -> Data? {
        let name = Array(MergedDispatcher.abiName(entry).utf8)
        let needle: [UInt8] = [0] + name + [0]
        let bytes = [UInt8](object)
        var found: [Int] = []
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == 0, bytes[index + 1] == needle[1], Array(bytes[index..<index + needle.count]) == needle {
                found.append(index)
            }
            index += 1
        }
        guard found.count <= 1 else { return nil }
        guard let start = found.first else { return object }
        var patched = bytes
        let replacement = Array("main".utf8) + [UInt8](repeating: 0, count: name.count - 4)
        patched.replaceSubrange(start + 1..<start + 1 + name.count, with: replacement)
        return Data(patched)
    }
}
