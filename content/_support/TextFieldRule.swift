import Foundation

/// A decision about one proposed edit: the pure-Swift half of
/// `textField(_:shouldChangeCharactersIn:replacementString:)`.
///
/// A rule receives exactly what UIKit hands the delegate — the field's current text,
/// the `NSRange` (in UTF-16 code units) about to be replaced, and the replacement
/// string — and answers whether the change may happen.
///
/// ```swift
/// let noSpaces = TextFieldRule { _, _, replacement in
///     !replacement.contains(" ")
/// }
/// noSpaces.allows(currentText: "ab", range: NSRange(location: 2, length: 0), replacement: " ")
/// // false
/// ```
public struct TextFieldRule {
    /// The decision itself: `(currentText, range, replacement) -> Bool`.
    public let decide: (_ currentText: String, _ range: NSRange, _ replacement: String) -> Bool

    /// Makes a rule from a closure with the delegate method's three inputs.
    public init(_ decide: @escaping (_ currentText: String, _ range: NSRange, _ replacement: String) -> Bool) {
        self.decide = decide
    }

    /// Asks the rule whether replacing `range` of `currentText` with `replacement` is allowed.
    public func allows(currentText: String, range: NSRange, replacement: String) -> Bool {
        decide(currentText, range, replacement)
    }

    /// A rule that allows only the changes that both `self` and `other` allow.
    ///
    /// `other` is not asked when `self` already said no.
    public func and(_ other: TextFieldRule) -> TextFieldRule {
        TextFieldRule { text, range, replacement in
            self.decide(text, range, replacement) && other.decide(text, range, replacement)
        }
    }

    /// A rule that allows every change, like a text field without a delegate.
    public static var acceptsEverything: TextFieldRule {
        TextFieldRule { _, _, _ in true }
    }
}
