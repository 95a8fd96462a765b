import DocentCore
import DocentMarkdown

extension SnippetExtractor {
    /// The type a member fragment belongs to: the one type, among those earlier blocks declare, that the paragraph
    /// right before the block names in code voice (`Counter`, ``` ``Counter`` ```, ``` ``Counter/count`` ```), as a
    /// reader takes "add this to `Counter`"; else the one type the nearest earlier block that declares types
    /// declares (``nearbyType(_:)``).
    static func fragmentType(prose: MarkdownNode?, earlier: [BlockFacts]) -> String? {
        let declared = Set(earlier.flatMap(Self.declaredTypes))
        let named = Set(namesInCodeVoice(prose).filter(declared.contains))
        return named.count == 1 ? named.first : nearbyType(earlier)
    }

    /// The types a block declares, by their clash keys (`type:Counter`).
    static func declaredTypes(_ facts: BlockFacts) -> [String] {
        (facts.locals + facts.fileScope).flatMap(\.keys).filter { $0.hasPrefix("type:") }.map { String($0.dropFirst(5)) }
    }

    /// The names a paragraph's code spans hold: an identifier, or a symbol path's first part (`Counter` for
    /// `Counter/count` or `Counter.count`).
    static func namesInCodeVoice(_ paragraph: MarkdownNode?) -> [String] {
        guard let paragraph, case .paragraph = paragraph.kind else { return [] }
        return paragraph.filter { if case .code = $0.kind { true } else { false } }.compactMap { node in
            guard case .code(let text) = node.kind else { return nil }
            let name = text.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "(" }).first.map(String.init) ?? ""
            return !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? name : nil
        }
    }
}
