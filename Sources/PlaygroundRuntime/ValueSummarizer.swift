import Foundation

/// What a value looks like in the results column: a short summary, and the whole value as far as it is kept.
struct ValueSummary: Equatable {
    var text: String
    var full: String
    /// Whether even `full` was cut.
    var isCut: Bool
}

/// Turns a value into text the way Swift and Xcode's results sidebar show it, structurally: strings quoted,
/// collections by their elements, types without their own description by their stored properties, a
/// `CustomPlaygroundDisplayConvertible` value by its `playgroundDescription`. Text is never rewritten afterwards;
/// only a type name is asked for without its module.
///
/// `full` is the whole value so rendered. `text`, the summary, is the same except where the whole is a reflection
/// dump: there it is abridged (`ValueSummarizer+Abridged.swift`) to the type's name and meaningful fields, and
/// `full` keeps the dump.
///
/// Cost follows the summary, not the value: at most `elementLimit` elements of a collection are visited, and
/// text stops growing at its limit.
struct ValueSummarizer {
    static let summaryLimit = 120
    static let fullLimit = 8 * 1024
    /// Elements of a collection shown in the whole value (then `…`), and in a large collection's summary.
    static let elementLimit = 100
    static let summaryElements = 5
    /// Collections with more elements than this are summarised by their size without trying to fit them whole.
    static let wholeSummaryElements = 12
    static let depthLimit = 4

    private let dates: DateText

    init(timeZone: String?, locale: String?) {
        dates = DateText(timeZone: timeZone.flatMap { TimeZone(identifier: $0) } ?? TimeZone(identifier: "UTC")!,
                         locale: Locale(identifier: locale ?? "en_US_POSIX"))
    }

    func summarize<T>(_ value: T) -> ValueSummary {
        let value = Self.displayed(value)
        let collection = Self.collection(in: value)
        let count = collection?.elementCount
        var summary = BoundedText(limit: Self.summaryLimit)
        if let count, count > Self.wholeSummaryElements {
            summary.markIncomplete()
        } else {
            render(value, into: &summary, depth: 0, nested: false, brief: true)
            if !summary.isCut && !summary.isIncomplete && !summary.isAbridged {
                return ValueSummary(text: summary.text, full: summary.text, isCut: false) // whole already
            }
        }
        var full = BoundedText(limit: Self.fullLimit)
        render(value, into: &full, depth: 0, nested: false, brief: false)
        if let collection, let count {
            // A large collection: its size, then its first elements.
            summary = BoundedText(limit: Self.summaryLimit)
            summary.append("\(count) elements ")
            renderElements(of: collection, into: &summary, depth: 0, limit: Self.summaryElements, brief: true)
        }
        return ValueSummary(text: summary.text, full: full.text, isCut: full.isCut || full.isIncomplete)
    }

    /// Renders `value`; `nested` values (inside a collection, tuple or type) are shown as `debugPrint` would; a
    /// `brief` rendering abridges reflection dumps.
    func render(_ value: Any, into text: inout BoundedText, depth: Int, nested: Bool, brief: Bool) {
        guard !text.cutIfFull() else { return }
        guard depth <= Self.depthLimit else {
            text.markIncomplete()
            return text.append("…")
        }
        let value = Self.displayed(value)
        if appendSimple(value, into: &text) { return }
        if let optional = value as? OptionalValue {
            guard let wrapped = optional.wrappedValue else { return text.append("nil") }
            if nested {
                text.append("Optional(")
                render(wrapped, into: &text, depth: depth + 1, nested: true, brief: brief)
                text.append(")")
            } else {
                render(wrapped, into: &text, depth: depth, nested: false, brief: brief)
            }
            return
        }
        if let collection = value as? StandardCollection {
            return renderElements(of: collection, into: &text, depth: depth, limit: Self.elementLimit, brief: brief)
        }
        let mirror = Mirror(reflecting: value)
        if [.collection, .set, .dictionary].contains(mirror.displayStyle) {
            return renderElements(of: MirrorCollection(mirror: mirror), into: &text, depth: depth, limit: Self.elementLimit,
                                  brief: brief)
        }
        if brief, appendAbridged(value, mirror: mirror, into: &text, depth: depth) { return }
        if let described = ownDescription(of: value, nested: nested) {
            return text.append(described)
        }
        switch mirror.displayStyle {
        case .tuple:
            text.append("(")
            renderChildren(of: mirror, into: &text, depth: depth, brief: brief)
            text.append(")")
        case .struct:
            text.append(Self.typeName(of: value))
            text.append("(")
            renderChildren(of: mirror, into: &text, depth: depth, brief: brief)
            text.append(")")
        case .class:
            // As Xcode shows an instance without a description of its own: its class.
            text.append(Self.typeName(of: value))
        case .enum:
            guard let payload = mirror.children.first else { return text.append(String(describing: value)) }
            text.append(payload.label ?? "")
            let inner = Mirror(reflecting: payload.value)
            text.append("(")
            if inner.displayStyle == .tuple {
                renderChildren(of: inner, into: &text, depth: depth + 1, brief: brief)
            } else {
                render(payload.value, into: &text, depth: depth + 1, nested: true, brief: brief)
            }
            text.append(")")
        default:
            text.append(String(describing: value))
        }
    }

    /// The common leaf values (`SummaryLeaf`), recognised by their exact type: no `Mirror`, and an `Optional` is
    /// never unwrapped by a cast. Returns whether it appended.
    private func appendSimple(_ value: Any, into text: inout BoundedText) -> Bool {
        guard type(of: value) is SummaryLeaf.Type, let leaf = value as? SummaryLeaf else { return false }
        leaf.appendSummary(into: &text, using: self)
        return true
    }

    /// A date as the results column shows it, in the article's time zone and locale (`DateText`).
    func dateText(_ date: Date) -> String {
        dates.text(date)
    }

    /// The value's own description, if its type has one (`CustomStringConvertible`, `TextOutputStreamable`, or
    /// `CustomDebugStringConvertible`), with Foundation's default `<Module.Type: 0x…>` shown as the type's name.
    func ownDescription(of value: Any, nested: Bool) -> String? {
        let described: String
        if nested, let debug = value as? CustomDebugStringConvertible {
            described = debug.debugDescription
        } else if Self.hasOwnDescription(value) {
            described = String(describing: value)
        } else {
            return nil
        }
        if type(of: value) is AnyClass, Self.isDefaultObjectDescription(described, of: value) {
            return Self.typeName(of: value)
        }
        return described
    }

    /// Whether the value's type describes itself (`CustomStringConvertible`, `TextOutputStreamable`, or
    /// `CustomDebugStringConvertible`): then ``ownDescription(of:nested:)`` is what shows it.
    static func hasOwnDescription(_ value: Any) -> Bool {
        value is CustomStringConvertible || value is TextOutputStreamable || value is CustomDebugStringConvertible
    }

    /// `[a, b]`, `["k": v]`, or `[:]`, with at most `limit` elements and `…` for the rest.
    private func renderElements(of collection: StandardCollection, into text: inout BoundedText, depth: Int, limit: Int,
                                brief: Bool) {
        text.append("[")
        let shown: Int?
        if let leaves = collection as? LeafCollection {
            shown = leaves.appendLeaves(limit, into: &text, using: self)
        } else {
            shown = BoundedText.appendList(collection.firstElements(limit), into: &text) { element, text in
                if let key = element.key {
                    render(key, into: &text, depth: depth + 1, nested: true, brief: brief)
                    text.append(": ")
                }
                render(element.value, into: &text, depth: depth + 1, nested: true, brief: brief)
            }
        }
        guard let shown else { return }
        if collection.elementCount > shown {
            text.markIncomplete()
            text.append(shown == 0 ? "…" : ", …")
        }
        if collection.isDictionary, collection.elementCount == 0 { text.append(":") }
        text.append("]")
    }

    /// `label: value, …` for a tuple or type; tuple positions (`.0`) show no label.
    private func renderChildren(of mirror: Mirror, into text: inout BoundedText, depth: Int, brief: Bool) {
        let shown = BoundedText.appendList(mirror.children.prefix(Self.elementLimit), into: &text) { child, text in
            if let label = child.label, !label.hasPrefix(".") {
                text.append(label)
                text.append(": ")
            }
            render(child.value, into: &text, depth: depth + 1, nested: true, brief: brief)
        }
        if shown != nil, !mirror.children.dropFirst(Self.elementLimit).isEmpty {
            text.markIncomplete()
            text.append(", …")
        }
    }

    /// A string as a Swift literal, only as much of it as the text has room for.
    static func appendQuoted(_ string: Substring, into text: inout BoundedText) {
        let shown = string.utf8.count <= text.room ? string : string.prefix(text.room)
        text.append(Self.literal(shown))
        if shown.endIndex < string.endIndex { text.markCut() }
    }

    /// `"…"` with only what a Swift string literal needs escaped: `\\`, `\"`, and control characters (as `\n`,
    /// `\t`, `\r`, `\0` or `\u{…}`). Unlike `debugDescription`, a `'` stays as it is.
    static func literal(_ string: Substring) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case _ where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                && scalar.value < 0x80:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// What a value is shown as: a `CustomPlaygroundDisplayConvertible` value's `playgroundDescription` (followed
    /// while it is another such value, at most `depthLimit` times), else the value itself. The leaves keep the
    /// summarizer's own form (`Date`'s is the article's locale and time zone), and an optional is left for `render`
    /// to open (a cast to a protocol would look through it).
    static func displayed(_ value: Any) -> Any {
        var value = value
        for _ in 0..<Self.depthLimit {
            guard !(type(of: value) is SummaryLeaf.Type), !(value is OptionalValue),
                  let display = value as? CustomPlaygroundDisplayConvertible else { break }
            value = display.playgroundDescription
        }
        return value
    }

    /// The collection a value is (or an optional holds), if it is one; its count is O(1) for the standard ones.
    static func collection(in value: Any) -> StandardCollection? {
        var value = value
        while let optional = value as? OptionalValue, let wrapped = optional.wrappedValue { value = wrapped }
        if let standard = value as? StandardCollection { return standard }
        let mirror = Mirror(reflecting: value)
        return [.collection, .set, .dictionary].contains(mirror.displayStyle) ? MirrorCollection(mirror: mirror) : nil
    }

    /// The value's type name without its module (`Box`, `Array<Int>`).
    static func typeName(of value: Any) -> String {
        String(describing: type(of: value))
    }

    /// Whether `description` is exactly `<` + the type's name (qualified, as on Apple platforms, or not, as
    /// Foundation on Linux writes it) + `: 0x` + hex digits + `>`.
    static func isDefaultObjectDescription(_ description: String, of value: Any) -> Bool {
        for name in [String(reflecting: type(of: value)), String(describing: type(of: value))] {
            let prefix = "<" + name + ": 0x"
            guard description.hasPrefix(prefix), description.hasSuffix(">") else { continue }
            let digits = description.dropFirst(prefix.count).dropLast()
            if !digits.isEmpty && digits.allSatisfy(\.isHexDigit) { return true }
        }
        return false
    }
}

/// A collection known only through its `Mirror` (a type whose custom mirror says it is one).
struct MirrorCollection: StandardCollection {
    let mirror: Mirror

    var elementCount: Int { mirror.children.count }
    var isDictionary: Bool { mirror.displayStyle == .dictionary }

    func firstElements(_ limit: Int) -> [(key: Any?, value: Any)] {
        mirror.children.prefix(limit).map { child in
            guard isDictionary else { return (nil, child.value) }
            let pair = Array(Mirror(reflecting: child.value).children.prefix(2))
            return pair.count == 2 ? (pair[0].value, pair[1].value) : (nil, child.value)
        }
    }
}

/// Text that stops growing at a limit (in UTF-8 bytes, cut on a character boundary), remembering that it was cut;
/// a cut text ends in `…`.
struct BoundedText {
    let limit: Int
    private(set) var text = ""
    private(set) var length = 0
    /// The text stopped at its limit.
    private(set) var isCut = false
    /// Some of the value (elements past the element limit, levels past the depth limit) was left out.
    private(set) var isIncomplete = false
    /// A reflection dump was abridged: the text is a summary, not the whole value.
    private(set) var isAbridged = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Returns whether nothing more fits. A full text is marked cut, because whatever its caller was about to
    /// append is left out: a text that stops exactly at its limit must still say that it stopped.
    mutating func cutIfFull() -> Bool {
        guard isCut || length >= limit else { return false }
        markCut()
        return true
    }
    /// Bytes that still fit.
    var room: Int { max(limit - length, 0) }

    mutating func append(_ piece: String) {
        guard !isCut else { return }
        let size = piece.utf8.count
        if size <= room {
            text += piece
            length += size
            return
        }
        // Only when the piece overflows: as many whole characters as fit.
        var end = piece.startIndex
        var used = 0
        for character in piece {
            let width = character.utf8.count
            guard used + width <= room else { break }
            used += width
            end = piece.index(after: end)
        }
        text += piece[..<end]
        length += used
        markCut()
    }

    /// Appends `elements` separated by `, `, each with `appendOne`; returns how many, or nil if the text filled up
    /// before one of them.
    static func appendList<Elements: Sequence>(_ elements: Elements, into text: inout BoundedText,
                                               _ appendOne: (Elements.Element, inout BoundedText) -> Void) -> Int? {
        var count = 0
        for element in elements {
            if text.cutIfFull() { return nil }
            if count > 0 { text.append(", ") }
            appendOne(element, &text)
            count += 1
        }
        return count
    }

    mutating func markIncomplete() {
        isIncomplete = true
    }

    mutating func markAbridged() {
        isAbridged = true
    }

    mutating func markCut() {
        guard !isCut else { return }
        isCut = true
        text += "…"
    }
}
