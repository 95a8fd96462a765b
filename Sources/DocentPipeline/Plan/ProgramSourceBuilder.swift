/// Writes one article program's `main.swift` from its snippets.
///
/// Each snippet sees what the snippets before it declared and may declare the same names again: snippets stay at
/// file scope until one redeclares an earlier name, which opens a `do {` scope that stays open to the end, and so on.
/// Declarations Swift accepts only at file scope (protocols, extensions, operators, imports…) are moved to the
/// top, with the types their extensions need; where two such declarations clash, the later one wins and the
/// earlier is dropped (only context snippets can lose one: the planner puts clashing targets in new programs).
/// Every line keeps its column and gets its number from `ProgramLines` through `#sourceLocation`.
struct ProgramSourceBuilder {
    /// One snippet to write: its index, code, facts, and whether its results are wanted.
    struct Input {
        var snippet: Int
        var code: String
        var facts: BlockFacts
        var isTarget: Bool
    }

    var fileName: String
    /// Whether to record the value of each property assignment in target snippets.
    var recordsAssignments: Bool

    /// The program's source and the sites whose logged value must be hidden.
    func source(for inputs: [Input]) -> (source: String, hiddenSites: Set<ProgramSite>) {
        let moved = movedDeclarations(inputs)
        var lines = ["import PlaygroundRuntime"]
        for (input, declarations) in zip(inputs, moved) {
            let bytes = Array(input.code.utf8)
            for declaration in declarations {
                lines.append(location(snippet: input.snippet, line: declaration.line))
                lines.append(String(repeating: " ", count: max(declaration.column - 1, 0))
                             + String(decoding: bytes[declaration.start..<min(declaration.end, bytes.count)], as: UTF8.self))
            }
        }
        var hidden: Set<ProgramSite> = []
        var scopes = ScopeNames()
        var opened = 0
        for (boundary, (input, declarations)) in zip(inputs, moved).enumerated() {
            lines.append(generatedLocation)
            // Compared with every name so far, not just the innermost scope's: a local that shadows an outer
            // name must not follow a use of that name in the same scope.
            if input.facts.redeclares(scopes) {
                lines.append("do {")
                opened += 1
            }
            scopes.add(input.facts)
            lines.append("__docent_snippet(\(boundary))")
            // Moved declarations and dropped (clashing) ones leave the body alike.
            let (code, sites) = body(of: input, without: Array(Set(declarations + input.facts.fileScope)))
            hidden.formUnion(sites)
            lines.append(location(snippet: input.snippet, line: 1))
            lines.append(code)
        }
        lines.append(generatedLocation)
        lines.append(String(repeating: "}", count: opened))
        return (lines.joined(separator: "\n") + "\n", hidden)
    }

    /// For each input, the declarations moved to file scope: its own file-scope ones unless a later input
    /// declares the same name there, plus any type of it that a moved extension extends.
    private func movedDeclarations(_ inputs: [Input]) -> [[BlockFacts.Declaration]] {
        var laterKeys: Set<String> = []
        var moved = Array(repeating: [BlockFacts.Declaration](), count: inputs.count)
        for index in inputs.indices.reversed() {
            let own = inputs[index].facts.fileScope
            moved[index] = own.filter { $0.keys.isEmpty || laterKeys.isDisjoint(with: $0.keys) }
            laterKeys.formUnion(own.flatMap(\.keys))
        }
        // The type an extension extends moves with it: the latest declaration of that name up to the extension.
        var latestType: [String: (input: Int, declaration: BlockFacts.Declaration)] = [:]
        var needed = Array(repeating: Set<BlockFacts.Declaration>(), count: inputs.count)
        for index in inputs.indices {
            for type in inputs[index].facts.types { if let name = type.typeName { latestType[name] = (index, type) } }
            for name in moved[index].compactMap(\.extendedType) {
                if let (owner, type) = latestType[name] { needed[owner].insert(type) }
            }
        }
        for index in inputs.indices {
            moved[index] = (moved[index] + needed[index]).sorted { $0.start < $1.start }
        }
        return moved
    }

    /// The snippet's code with moved declarations blanked (line breaks kept) and, for targets, a call after
    /// each property assignment that records the assigned value.
    private func body(of input: Input, without declarations: [BlockFacts.Declaration]) -> (String, Set<ProgramSite>) {
        var bytes = Array(input.code.utf8)
        for declaration in declarations {
            for offset in declaration.start..<min(declaration.end, bytes.count) where bytes[offset] != UInt8(ascii: "\n") {
                bytes[offset] = UInt8(ascii: " ")
            }
        }
        var codeLines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var hidden: Set<ProgramSite> = []
        guard recordsAssignments, input.isTarget else { return (codeLines.joined(separator: "\n"), hidden) }
        let lineStarts = Self.lineStarts(input.code)
        let insertable = input.facts.assignments.filter { assignment in
            let offset = (assignment.base.line - 1 < lineStarts.count ? lineStarts[assignment.base.line - 1] : 0) + assignment.base.column - 1
            return !declarations.contains { $0.start <= offset && offset < $0.end }
        }
        for assignment in insertable.sorted(by: { $0.endLine > $1.endLine }) where assignment.endLine <= codeLines.count {
            let valueSite = ProgramSite(line: ProgramLines.encode(snippet: input.snippet, line: assignment.value.line),
                                        column: assignment.value.column)
            hidden.insert(ProgramSite(line: ProgramLines.encode(snippet: input.snippet, line: assignment.base.line),
                                      column: assignment.base.column))
            let call = [generatedLocation,
                        "__docent_value(\(assignment.target), \(valueSite.line), \(valueSite.column))",
                        location(snippet: input.snippet, line: assignment.endLine + 1)]
            codeLines.insert(contentsOf: call, at: assignment.endLine)
        }
        return (codeLines.joined(separator: "\n"), hidden)
    }

    private var generatedLocation: String {
        "#sourceLocation(file: \"\(ProgramLines.generatedFile)\", line: 1)"
    }

    private func location(snippet: Int, line: Int) -> String {
        "#sourceLocation(file: \(Self.quoted(fileName)), line: \(ProgramLines.encode(snippet: snippet, line: line)))"
    }

    /// UTF-8 offsets where each line of `code` starts.
    static func lineStarts(_ code: String) -> [Int] {
        var starts = [0]
        for (offset, byte) in code.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }

    /// A Swift string literal holding `text`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
