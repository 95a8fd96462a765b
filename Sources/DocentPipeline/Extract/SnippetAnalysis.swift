import DocentCore
import DocentExecute
import DocentSwift

/// What Extract and the planner take from swift-syntax's reading of one snippet (`BlockAnalysis`), in Docent's terms:
/// the expectations written in comments, editor placeholders, and the planner's `BlockFacts`.
struct SnippetAnalysis {
    let analysis: BlockAnalysis

    /// Reads code docent or a test wrote, without limits.
    init(code: String) {
        analysis = BlockAnalysis(code: code)
    }

    /// Reads an article's snippet within `limits`; a snippet beyond them is an error at the bracket that crossed
    /// the limit (`locate` maps a 1-based line and UTF-8 column of `code` to the file), or at `snippet`'s fence.
    /// With a `cache`, a reading kept by an earlier build is taken instead (refusals are never kept).
    init(code: String, of snippet: SourceLocation, limits: AnalysisLimits = .standard, cache: AnalysisCache? = nil,
         locate: (_ line: Int, _ column: Int) -> SourceLocation) throws {
        do throws(AnalysisRefusal) {
            if let cache {
                if let refusal = limits.refusal(for: code) { throw refusal }
                analysis = try cache.analysis(of: code, limits: limits) { () throws(AnalysisRefusal) -> BlockAnalysis in
                    try BlockAnalysis.bounded(code: code, limits: limits)
                }
            } else {
                analysis = try BlockAnalysis.bounded(code: code, limits: limits)
            }
        } catch {
            throw Diagnostic.analysisRefused(error, at: error.position.map { locate($0.line, $0.column) } ?? snippet)
        }
    }

    var valueComments: [ValueComment] { analysis.valueComments }
    var prints: [PrintsComment] { analysis.printsComments }
    var errorMarks: [ErrorMark] { analysis.errorMarks }
    var printsWarnings: [PrintsCommentWarning] { analysis.printsWarnings }
    var placeholders: [Position] { analysis.placeholders }
    var isDeclarationListing: Bool { analysis.isDeclarationListing }
    var isManifest: Bool { analysis.isManifest }

    /// The planner's view: what must move to file scope (and the keys it clashes on), the names each snippet
    /// declares and uses, the rewrites that keep recording from changing what the program does, and what must never compile.
    var facts: BlockFacts {
        var facts = BlockFacts()
        for declaration in analysis.declarations {
            facts.declaredNames.formUnion(declaration.baseNames)
            if declaration.kind == .extension, let type = declaration.names.first {
                facts.memberNames.formUnion(declaration.members.map { "\(type).\($0.prefix { $0 != "(" })" })
            }
            // A declaration inside `#if` stays where it is: moving it alone would lose its condition.
            if declaration.mustBeAtFileScope, !declaration.isInsideIfConfig {
                facts.fileScope.append(Self.movable(declaration, keys: Self.clashKeys(of: declaration),
                                                    extendedType: declaration.kind == .extension ? Self.baseType(declaration.names.first) : nil))
                continue
            }
            switch declaration.kind {
            case .function: facts.functionNames.formUnion(declaration.names)
            default: facts.valueNames.formUnion(declaration.names)
            }
            if !declaration.isInsideIfConfig, [.function, .type, .typeAlias, .variable].contains(declaration.kind) {
                // A type declared again replaces the earlier one (`ProgramSourceBuilder`): its name is its key.
                let replaceable = declaration.kind == .type || declaration.kind == .typeAlias
                facts.locals.append(Self.movable(declaration, keys: replaceable ? declaration.names.map { "type:\($0)" } : []))
            }
        }
        facts.references = analysis.references
        facts.edits = analysis.recordingEdits.map {
            .init(start: $0.start.offset, end: $0.end.offset, text: $0.text, closing: $0.closing?.offset)
        }
        facts.scopedStatements = analysis.scopedStatements.map {
            .init(start: $0.start.offset, startLine: $0.start.line, endLine: $0.endLine)
        }
        facts.testLines = analysis.tests.map(\.line)
        facts.reservedUses = analysis.reservedNameUses.map {
            .init(name: $0.name, position: .init(line: $0.position.line, column: $0.position.column))
        }
        facts.linkerAttributes = analysis.linkerAttributeUses.map {
            .init(name: $0.name, position: .init(line: $0.position.line, column: $0.position.column))
        }
        facts.hasSyntaxErrors = !analysis.syntaxErrors.isEmpty
        facts.topLevelUses = analysis.topLevelUses.map {
            .init(name: $0.name, position: .init(line: $0.position.line, column: $0.position.column))
        }
        facts.entryPoint = analysis.entryPoint.map { entry in
            BlockFacts.EntryPoint(typeName: entry.typeName, attributeStart: entry.attributeStart,
                                  attributeEnd: entry.attributeEnd,
                                  position: .init(line: entry.position.line, column: entry.position.column))
        }
        return facts
    }

    /// What two file-scope declarations clash on: an extension's members on its type, anything else its names
    /// by kind. Imports never clash, and neither do functions: operator functions overload by their types, which
    /// syntax cannot see (two with the same types fail to compile, and that snippet fails alone).
    static func clashKeys(of declaration: Declaration) -> [String] {
        switch declaration.kind {
        case .importDeclaration, .function:
            return []
        case .extension:
            let type = declaration.names.first ?? ""
            return declaration.members.map { "member:\(type).\($0)" }
        case .protocol:
            return declaration.names.map { "type:\($0)" }  // a protocol and a type share one namespace
        default:
            return declaration.names.map { "\(declaration.kind.rawValue):\($0)" }
        }
    }

    /// `Outer` for `Outer.Inner`: the type a moved extension needs moved with it.
    private static func baseType(_ name: String?) -> String? {
        name.map { String($0.prefix { $0 != "." && $0 != "<" }) }
    }

    private static func movable(_ declaration: Declaration, keys: [String], extendedType: String? = nil) -> BlockFacts.Declaration {
        BlockFacts.Declaration(start: declaration.start.offset, end: declaration.end.offset, line: declaration.start.line,
                               column: declaration.start.column, keys: keys, extendedType: extendedType,
                               names: declaration.baseNames, references: declaration.referencedNames,
                               isValue: declaration.kind == .variable)
    }
}
