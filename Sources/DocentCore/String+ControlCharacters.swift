extension String {
    /// The text with control characters written as `\u{1B}`-style escapes, except those in `kept` (a report's
    /// own line breaks and tabs), so text from programs and file names cannot steer a terminal or split a line.
    public func escapingControlCharacters(except kept: Set<Unicode.Scalar> = []) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(unicodeScalars.count)
        for scalar in unicodeScalars {
            if !kept.contains(scalar), scalar.properties.generalCategory == .control {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
