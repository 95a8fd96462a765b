import SwiftParser
import SwiftSyntax

/// What swift-syntax tells Docent about one code block: declarations, references, expectation comments,
/// placeholders, reserved names, linker attributes, recording rewrites, syntax errors and declaration listings.
///
/// ```swift
/// let analysis = BlockAnalysis(code: "let answer = 6 * 7 // => 42")
/// analysis.declarations[0].names      // ["answer"]
/// analysis.valueComments[0].text      // "42"
/// ```
///
/// Positions are 1-based lines and 1-based columns counted in UTF-8 bytes within the block, with the 0-based
/// UTF-8 offset beside them. Broken code still gives best-effort results.
public struct BlockAnalysis: Sendable, Hashable, Codable {
    /// Identifier prefixes kept for Docent's runtime entry points; a block must not declare or use them.
    public static let reservedNamePrefixes = RuntimeContract.reservedNamePrefixes

    /// Top-level declarations, also inside top-level `#if` clauses, in source order.
    public var declarations: [Declaration]
    /// Every name the block refers to (over-approximated: member names and operators count too).
    public var references: Set<String>
    /// `// => value` comments, in source order.
    public var valueComments: [ValueComment]
    /// `// Prints "text"` comments and the lines under `// Prints N lines:`, in source order.
    public var printsComments: [PrintsComment]
    /// Comments that start like `// Prints` expectations but cannot be read as one, in source order.
    public var printsWarnings: [PrintsCommentWarning]
    /// Comments that say their line is an error (``ErrorMark``), in source order.
    public var errorMarks: [ErrorMark]
    /// Where Xcode editor placeholders (`<#name#>`) start.
    public var placeholders: [Position]
    /// Identifiers starting with one of `reservedNamePrefixes`.
    public var reservedNameUses: [ReservedNameUse]
    /// Attributes that put data in a section of their choosing or keep it for the linker (`@_section`, `@_used`):
    /// through the autolink section they would pass options to the linker. Articles may not use them.
    public var linkerAttributeUses: [ReservedNameUse]
    /// Property assignments rewritten so recording reads nothing back (``RecordingEdit``), in source order.
    public var recordingEdits: [RecordingEdit]
    /// Expression statements given a scope of their own so recording keeps nothing alive (``ScopedStatement``).
    public var scopedStatements: [ScopedStatement]
    /// Swift Testing's `@Test` functions, at their attribute's name, in source order.
    public var tests: [Position]
    /// Whether the top level has statements or expressions besides declarations.
    public var hasTopLevelCode: Bool
    /// Where the parser found the code malformed, in source order.
    public var syntaxErrors: [Position]
    /// Whether the block is a declaration listing (``DeclarationListing``): declarations without bodies that cannot
    /// compile by construction, with no `// =>`, `// Prints` or error-mark comment and no syntax error.
    public var isDeclarationListing: Bool
    /// Whether the block is a package manifest or a fragment of one (``ManifestListing``), with no expectation.
    public var isManifest: Bool
    /// The type the block marks `@main`, if any.
    public var entryPoint: EntryPoint?
    /// Where the block elides code with `...`, in source order.
    public var elisions: [Elision]
    /// Whether the block is a fragment of a type's members, and what it needs.
    public var memberFragment: MemberFragment?
    /// The first use of each name the block's top-level code reads as a plain identifier and does not bind itself
    /// (``TopLevelUseFinder``), in source order.
    public var topLevelUses: [ReservedNameUse]

    /// Reads `code` with no limits: for code docent or a test wrote. An article's snippet goes through
    /// ``bounded(code:limits:)``.
    public init(code: String) {
        self.init(code: code, maximumNestingLevel: nil)
    }

    /// `maximumNestingLevel`: swift-syntax's own bound (its default when `nil`); deeper code is read as an error.
    init(code: String, maximumNestingLevel: Int?) {
        let tree = SourceFileSyntax.parsing(code, maximumNestingLevel: maximumNestingLevel)
        let positions = SourcePositions(tree: tree)
        let collector = DeclarationCollector(tree: tree, positions: positions)
        declarations = collector.declarations
        hasTopLevelCode = collector.hasTopLevelCode
        references = ReferenceCollector.names(in: tree)
        let comments = CommentScanner(tree: tree, code: code, positions: positions)
        valueComments = comments.valueComments
        printsComments = comments.printsComments
        errorMarks = comments.errorMarks
        printsWarnings = comments.printsWarnings
        let tokens = TokenScanner(tree: tree, positions: positions, reservedPrefixes: Self.reservedNamePrefixes)
        placeholders = tokens.placeholders
        reservedNameUses = tokens.reservedNameUses
        linkerAttributeUses = tokens.linkerAttributeUses
        let rewrites = RecordingRewriteFinder(code: code, positions: positions)
        rewrites.walk(tree)
        recordingEdits = rewrites.edits
        scopedStatements = rewrites.scopedStatements
        let testFinder = TestDeclarationFinder(positions: positions)
        testFinder.walk(tree)
        tests = testFinder.tests
        syntaxErrors = SyntaxErrorFinder.errors(in: tree, positions: positions)
        isDeclarationListing = valueComments.isEmpty && printsComments.isEmpty && errorMarks.isEmpty
            && (syntaxErrors.isEmpty || DeclarationListing.onlyHeadersLackBodies(tree)) && DeclarationListing.isListing(tree)
        isManifest = valueComments.isEmpty && printsComments.isEmpty && errorMarks.isEmpty && ManifestListing.isManifest(code)
        entryPoint = EntryPoint.find(in: tree, positions: positions)
        elisions = ElisionFinder.elisions(in: tree, positions: positions)
        memberFragment = entryPoint == nil ? MemberFragment.find(in: tree) : nil
        topLevelUses = TopLevelUseFinder.uses(in: tree, positions: positions).map { ReservedNameUse(name: $0.name, position: $0.position) }
    }
}
