import Foundation

// How a transcript writes strings and ranges: visible, aligned and unambiguous.

extension String {
    /// The string in double quotes, with quotes, backslashes and control characters
    /// escaped, and with any combining mark or invisible format character that has
    /// nothing to attach to (such as a lone U+0301) written as `\u{301}` so it shows.
    var transcriptQuoted: String {
        var result = "\""
        for character in self {
            for (offset, scalar) in character.unicodeScalars.enumerated() {
                let standsAlone = offset == 0 && scalar.isAttachingOrInvisible
                if scalar == "\"" || scalar == "\\" {
                    result += "\\" + String(scalar)
                } else if scalar == "\n" {
                    result += "\\n"
                } else if scalar == "\t" {
                    result += "\\t"
                } else if scalar.properties.generalCategory == .control || standsAlone {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Columns the string takes in a monospaced font, counting an emoji as two.
    var displayWidth: Int {
        reduce(0) { width, character in
            width + (character.unicodeScalars.contains { $0.properties.isEmojiPresentation } ? 2 : 1)
        }
    }

    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - displayWidth))
    }
}

extension Unicode.Scalar {
    /// Combining marks and invisible format characters (zero-width joiner,
    /// variation selectors and the like), which render oddly on their own.
    var isAttachingOrInvisible: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return properties.isVariationSelector
        }
    }
}

extension NSRange {
    /// `{location, length}`, the way `NSStringFromRange` writes a range.
    var transcriptDescription: String { "{\(location), \(length)}" }
}
