/// The code Docent type-checks for a block it cannot run as written: each `...` elision replaced by code that never
/// runs, and a member fragment wrapped in a type of Docent's. Lines stay where they were (a fragment's closing
/// brace gets a line of its own after the last), so errors keep their lines.
public enum CheckedCode {
    /// The name of the never-returning generic function that stands for an elided value; a program that uses it
    /// declares it (``helperDeclaration``).
    public static let elidedValue = "__docent_elided"
    /// The helper's declaration, private so that programs compiled into one executable do not share it.
    public static let helperDeclaration = "private func \(elidedValue)<T>() -> T { fatalError(\"elided code\") }"
    /// The name of the type a member fragment is checked in.
    public static let fragmentType = "__docent_Fragment"

    /// `code` with `elisions` replaced (a body by `fatalError()`, a value by `__docent_elided()`) and, for a
    /// `fragment`, wrapped in `extension Type { … }` when it fits an extension and a nearby block declares `Type`
    /// (`extending`), else in `struct __docent_Fragment { … }` (a class if the members need one).
    public static func rewrite(_ code: String, elisions: [Elision], fragment: MemberFragment?, extending: String? = nil) -> String {
        var bytes = Array(code.utf8)
        for elision in elisions.sorted(by: { $0.start > $1.start }) where elision.end <= bytes.count {
            let replacement = elision.kind == .body ? "fatalError(\"elided code\")" : "\(elidedValue)()"
            bytes.replaceSubrange(elision.start..<elision.end, with: Array(replacement.utf8))
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if let fragment {
            let opening = if let extending, fragment.fitsExtension { "extension \(extending)" }
                else { "\(fragment.needsClass ? "final class" : "struct") \(fragmentType)" }
            text = opening + " { " + text + "\n}"
        }
        return text
    }
}
