import Foundation

/// A DocC link to an article, `<doc:Name>` or `<doc:Folder/Name#Heading-Anchor>`, as cmark gives it: an autolink
/// whose destination starts with `doc:`.
///
/// ```swift
/// let reference = DocReference("doc:TheBasics#Access-Levels")
/// // reference?.name == "TheBasics", reference?.folders == [], reference?.fragment == "Access-Levels"
/// ```
public struct DocReference: Sendable, Hashable {
    /// The article's file name without `.md` (`TheBasics` for `LanguageGuide/TheBasics.md`).
    public var name: String
    /// Folders written before the name (`<doc:LanguageGuide/TheBasics>`), used only to choose between articles of the
    /// same name; DocC's `documentation/Module/` prefix is dropped.
    public var folders: [String]
    /// The heading anchor after `#`, in DocC's form (`Access-Levels`), if any.
    public var fragment: String?

    /// `nil` unless `destination` is a `doc:` reference naming something.
    public init?(_ destination: String) {
        guard destination.hasPrefix("doc:") else { return nil }
        var path = Substring(destination.dropFirst(4))
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            let text = String(path[path.index(after: hash)...])
            fragment = text.isEmpty ? nil : (text.removingPercentEncodingIfPossible)
            path = path[..<hash]
        }
        var segments = path.split(separator: "/").map { String($0).removingPercentEncodingIfPossible }
        if segments.count > 2, segments.first == "documentation" || segments.first == "tutorials" {
            segments.removeFirst(2) // `documentation/Module/Name`
        }
        guard var name = segments.popLast(), !name.isEmpty else { return nil }
        if name.hasSuffix(".md") { name = String(name.dropLast(3)) }
        self.name = name
        self.folders = segments
        self.fragment = fragment
    }

    /// The anchor DocC gives a heading: its text with each run of white space written `-`, and characters that
    /// cannot stand in a URL fragment left out (`## Access Levels` → `Access-Levels`).
    public static func anchor(forHeading text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiAnchor(forHeading: text) }
        var anchor = ""
        var pendingHyphen = false
        for character in text.trimmingWhitespace {
            if character.isWhitespace {
                pendingHyphen = true
                continue
            }
            if Self.leftOut.contains(character) { continue }
            if pendingHyphen && !anchor.isEmpty { anchor.append("-") }
            pendingHyphen = false
            anchor.append(character)
        }
        return anchor
    }

    /// ``anchor(forHeading:)`` for ASCII text, byte by byte (ASCII white space is the same as bytes or Characters,
    /// `\r\n` included), without grapheme breaking.
    private static func asciiAnchor(forHeading text: String) -> String {
        var anchor: [UInt8] = []
        var pendingHyphen = false
        for byte in text.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingHyphen = true
                continue
            }
            if leftOutBytes.contains(byte) { continue }
            if pendingHyphen && !anchor.isEmpty { anchor.append(UInt8(ascii: "-")) }
            pendingHyphen = false
            anchor.append(byte)
        }
        return String(decoding: anchor, as: UTF8.self)
    }

    /// Characters DocC leaves out of a heading's anchor.
    private static let leftOut: Set<Character> = ["\"", "'", "<", ">", "#", "%", "{", "}", "|", "\\", "^", "~", "[", "]", "`", "?", "/"]
    /// ``leftOut`` as bytes (all ASCII).
    private static let leftOutBytes = Set(leftOut.map { $0.asciiValue! })
}

extension String {
    fileprivate var removingPercentEncodingIfPossible: String { removingPercentEncoding ?? self }

    /// The text without white space at either end.
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
