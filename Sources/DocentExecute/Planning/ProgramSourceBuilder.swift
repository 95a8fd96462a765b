import DocentCore
import DocentMarkdown
import DocentSwift

/// Writes one article program's `main.swift` from its snippets.
///
/// Each snippet sees what the snippets before it declared and may declare the same names again: snippets stay at
/// file scope until one redeclares an earlier name, which opens a `do {` scope that stays open to the end, and so on.
/// Declarations Swift accepts only at file scope (protocols, extensions, operators, imports…) are moved to the
/// top, with the types their extensions need; where two such declarations clash, the later one wins and the
/// earlier is dropped (only context snippets can lose one: the planner puts clashing targets in new programs).
/// Every line keeps its column and gets its number from `ProgramLines` through `#sourceLocation`.
struct ProgramSourceBuilder {
    /// One snippet to write: its index, code, facts, whether its results are wanted, and — for a snippet that
    /// trapped in an earlier run — the top-level statement it trapped in.
    struct Input {
        var snippet: Int
        var code: String
        var facts: BlockFacts
        var isTarget: Bool
        /// Where the statement that trapped starts: from there on the snippet keeps only its types, functions and
        /// aliases (they run nothing), so the program gets past it; values declared there are not set.
        var trappedAt: BlockFacts.Position? = nil
        /// For a target that marks a type `@main` (its attribute blanked): the type whose `main()` the program
        /// calls where the snippet ends.
        var entryPoint: String? = nil
    }

    /// The async function through which a program calls its entry point's `main()` (a name Docent reserves).
    static let entryPointCaller = "__docent_main"

    var fileName: String
    /// Whether to rewrite the snippets so recording changes nothing the program does (property assignments logged
    /// by their value, statements in scopes of their own); off only when those rewrites broke the program.
    var recordsAssignments: Bool
    /// Whether context snippets stay at file scope: a value a later snippet declares again is dropped from the
    /// earlier one (it is replaced) instead of shadowed in a nested scope, so a local type of a target can reach
    /// the context's values as globals. Targets still open scopes as usual.
    var flattensContext = false
    /// The modules every program imports (`imports:`), written after the runtime's import, numbered by their place
    /// in the list in ``ProgramLines/importsFile``.
    var imports: [String] = []

    /// The program's source and the sites whose logged value must be hidden.
    func source(for inputs: [Input]) -> (source: String, hiddenSites: Set<ProgramSite>) {
        let replaced = replacedDeclarations(inputs)
        let opensScope = scopeOpenings(inputs, replaced: replaced)
        let moved = movedDeclarations(inputs, nested: nested(opensScope), replaced: replaced)
        var lines = ["import \(RuntimeContract.moduleName)"]
        if !imports.isEmpty {
            lines.append("#sourceLocation(file: \"\(ProgramLines.importsFile)\", line: 1)")
            lines += imports.map(PackageImports.importLine)
        }
        // The runtime starts (and reads its token) before any hoisted declaration's initial value runs.
        lines.append(generatedLocation)
        lines.append("\(RuntimeContract.startEntryPoint)()")
        if inputs.contains(where: { $0.code.utf8Offset(of: CheckedCode.elidedValue) != nil }) {
            lines.append(CheckedCode.helperDeclaration)
        }
        for (input, declarations) in zip(inputs, moved) {
            let bytes = Array(input.code.utf8)
            for declaration in declarations {
                lines.append(location(snippet: input.snippet, line: declaration.line))
                lines.append(String(repeating: " ", count: max(declaration.column - 1, 0))
                             + String(decoding: bytes[declaration.start..<min(declaration.end, bytes.count)], as: UTF8.self))
            }
        }
        var hidden: Set<ProgramSite> = []
        for (boundary, (input, declarations)) in zip(inputs, moved).enumerated() {
            lines.append(generatedLocation)
            if opensScope[boundary] { lines.append("do {") }
            lines.append("\(RuntimeContract.snippetEntryPoint)(\(boundary))")
            // Moved declarations and dropped (clashing or replaced) ones leave the body alike.
            let (code, sites) = body(of: input, without: Array(Set(declarations + input.facts.fileScope + replaced[boundary])))
            hidden.formUnion(sites)
            lines.append(location(snippet: input.snippet, line: 1))
            lines.append(code)
            if let entryPoint = input.entryPoint {
                lines.append(generatedLocation)
                // Called from an async function, as Swift calls a `@main` type: there `main()` resolves to the
                // async overload when there is one (an `AsyncParsableCommand`'s); in top-level code to the sync one.
                lines.append("func \(Self.entryPointCaller)() async throws { try await \(entryPoint).main() }")
                lines.append("try await \(Self.entryPointCaller)()")
            }
        }
        if inputs.contains(where: { $0.isTarget && !$0.facts.testLines.isEmpty }) {
            // Swift Testing's tests run after the last snippet, behind a boundary of their own, so what they print is
            // no snippet's output.
            lines.append(generatedLocation)
            lines.append("\(RuntimeContract.snippetEntryPoint)(\(inputs.count))")
            lines.append("\(RuntimeContract.testEntryPoint)()")
        }
        lines.append(generatedLocation)
        lines.append(String(repeating: "}", count: opensScope.filter { $0 }.count))
        return (lines.joined(separator: "\n") + "\n", hidden)
    }

    /// Whether each input opens a `do {` scope: when it declares a name any earlier input declared. Compared with
    /// every name so far, not just the innermost scope's: a local that shadows an outer name must not follow a
    /// use of that name in the same scope.
    private func scopeOpenings(_ inputs: [Input], replaced: [[BlockFacts.Declaration]]) -> [Bool] {
        var names = ScopeNames()
        return zip(inputs, replaced).map { input, replaced in
            defer { names.add(input.facts, except: Set(replaced.flatMap(\.names))) }
            return !(flattensContext && !input.isTarget) && input.facts.redeclares(names)
        }
    }

    /// For each input, its types, type aliases and protocols that a later input declares again — and, when the context is
    /// flattened, a context input's values declared again: the later declaration replaces them, so they are
    /// dropped, and everything — the input's own code, extensions, conformances — uses the later one.
    private func replacedDeclarations(_ inputs: [Input]) -> [[BlockFacts.Declaration]] {
        var laterKeys: Set<String> = []
        var replaced = Array(repeating: [BlockFacts.Declaration](), count: inputs.count)
        var laterValues: Set<String> = []
        for index in inputs.indices.reversed() {
            let flat = flattensContext && !inputs[index].isTarget
            replaced[index] = inputs[index].facts.locals.filter { declaration in
                (!declaration.keys.isEmpty && !laterKeys.isDisjoint(with: declaration.keys))
                    || (flat && declaration.isValue && !laterValues.isDisjoint(with: declaration.names))
            }
            laterKeys.formUnion(inputs[index].facts.clashKeys)
            laterValues.formUnion(inputs[index].facts.valueNames)
        }
        return replaced
    }

    /// Whether each input sits in a nested scope (from the first scope opening on).
    private func nested(_ opensScope: [Bool]) -> [Bool] {
        var inside = false
        return opensScope.map { opens in
            inside = inside || opens
            return inside
        }
    }

    /// For each input, the declarations moved to file scope: its own file-scope ones unless a later input
    /// declares the same name there, plus what those need from nested scopes (the type an extension extends, the
    /// functions, types and values an operator uses), as long as nothing at file scope has that name already.
    private func movedDeclarations(_ inputs: [Input], nested: [Bool],
                                   replaced: [[BlockFacts.Declaration]]) -> [[BlockFacts.Declaration]] {
        var laterKeys: Set<String> = []
        var moved = Array(repeating: [BlockFacts.Declaration](), count: inputs.count)
        for index in inputs.indices.reversed() {
            let own = inputs[index].facts.fileScope
            moved[index] = own.filter { $0.keys.isEmpty || laterKeys.isDisjoint(with: $0.keys) }
            laterKeys.formUnion(inputs[index].facts.clashKeys)
        }
        var atFileScope = Set(inputs.indices.filter { !nested[$0] }.flatMap { inputs[$0].facts.locals.flatMap(\.names) })
        var queue: [(owner: Int, name: String)] = moved.enumerated().flatMap { index, declarations in
            declarations.flatMap { declaration in
                (declaration.references.union(declaration.extendedType.map { [$0] } ?? [])).sorted().map { (index, $0) }
            }
        }
        while !queue.isEmpty {
            let (owner, name) = queue.removeFirst()
            guard !atFileScope.contains(name),
                  let (index, declaration) = inputs.indices.prefix(owner + 1).reversed().lazy.compactMap({ index in
                      inputs[index].facts.locals.last { $0.names.contains(name) && !replaced[index].contains($0) }
                          .map { (index, $0) }
                  }).first,
                  nested[index], !moved[index].contains(declaration) else { continue }
            moved[index].append(declaration)
            atFileScope.formUnion(declaration.names)
            queue += declaration.references.sorted().map { (index, $0) }
        }
        return moved.map { $0.sorted { $0.start < $1.start } }
    }

    /// The snippet's code with moved declarations blanked (line breaks kept) — and, for a snippet that trapped in
    /// an earlier run, all but its types, functions and aliases from the statement that trapped on — rewritten so
    /// recording changes nothing the program does (``BlockFacts/Edit``, ``BlockFacts/ScopedStatement``).
    private func body(of input: Input, without declarations: [BlockFacts.Declaration]) -> (String, Set<ProgramSite>) {
        var bytes = Array(input.code.utf8)
        let lineStarts = TextLines(input.code).map(\.content.lowerBound)
        /// The UTF-8 offset of a 1-based line and column of the code; nil for a line it does not have.
        func offset(line: Int, column: Int) -> Int? {
            line >= 1 && line <= lineStarts.count ? lineStarts[line - 1] + column - 1 : nil
        }
        var blanked = declarations.map { $0.start..<min($0.end, bytes.count) }
        if let trap = input.trappedAt {
            let cut = min(offset(line: trap.line, column: max(trap.column, 1)) ?? bytes.count, bytes.count)
            let kept = input.facts.locals.filter { !$0.isValue && $0.start >= cut }.sorted { $0.start < $1.start }
            var from = cut
            for declaration in kept {
                blanked.append(from..<max(from, min(declaration.start, bytes.count)))
                from = max(from, declaration.end)
            }
            blanked.append(min(from, bytes.count)..<bytes.count)
        }
        for range in blanked { bytes.blank(range) }
        let isBlanked = { (offset: Int) in blanked.contains { $0.contains(offset) } }
        guard recordsAssignments else {
            return (String(decoding: bytes, as: UTF8.self).markdownLines.joined(separator: "\n"), [])
        }
        // Edits keep line breaks, so lines keep their numbers; applied from the last, offsets stay valid.
        let changes = input.facts.edits.filter { edit in
            max(edit.end, edit.closing ?? 0) <= bytes.count && !isBlanked(edit.start) && !(edit.closing.map(isBlanked) ?? false)
        }.flatMap { edit in
            [(edit.start..<edit.end, edit.text)] + (edit.closing.map { [($0..<$0, ")")] } ?? [])
        }
        for (range, text) in changes.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            bytes.replaceSubrange(range, with: Array(text.utf8))
        }
        var codeLines = String(decoding: bytes, as: UTF8.self).markdownLines.map(String.init)
        for statement in input.facts.scopedStatements.sorted(by: { $0.startLine > $1.startLine })
        where statement.endLine <= codeLines.count && !isBlanked(statement.start) {
            codeLines.insert(contentsOf: [generatedLocation, "}", location(snippet: input.snippet, line: statement.endLine + 1)],
                             at: statement.endLine)
            codeLines.insert(contentsOf: [generatedLocation, "do {", location(snippet: input.snippet, line: statement.startLine)],
                             at: statement.startLine - 1)
        }
        return (codeLines.joined(separator: "\n"), [])
    }

    private var generatedLocation: String {
        "#sourceLocation(file: \"\(ProgramLines.generatedFile)\", line: 1)"
    }

    private func location(snippet: Int, line: Int) -> String {
        "#sourceLocation(file: \(SwiftStringLiteral.quoted(fileName)), line: \(ProgramLines.encode(snippet: snippet, line: line)))"
    }

}
