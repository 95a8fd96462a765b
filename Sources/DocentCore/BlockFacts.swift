/// What the planner needs to know about one snippet's code, read once with swift-syntax by the Extract stage.
///
/// Positions are 1-based lines of the snippet's code and 1-based UTF-8 columns; ranges are UTF-8 offsets.
public struct BlockFacts: Sendable, Hashable, Codable {
    /// A top-level declaration the planner may move: to file scope (protocols, extensions, operators, imports…),
    /// or, for a type, function or value that a moved declaration needs, along with it.
    public struct Declaration: Sendable, Hashable, Codable {
        /// UTF-8 offsets of the whole declaration (attributes and doc comments included) in the snippet's code.
        public var start: Int
        public var end: Int
        /// Where it starts (line and column in the snippet's code).
        public var line: Int
        public var column: Int
        /// Names two declarations clash on when both sit at file scope (`protocol:Shape`, `member:Int.km`);
        /// empty for imports, which never clash.
        public var keys: [String]
        /// For an extension: the extended type's name.
        public var extendedType: String?
        /// The base names it declares (`greet` for `greet(person:)`).
        public var names: [String]
        /// The names it uses.
        public var references: Set<String>
        /// Whether it declares stored values (`let`, `var`), whose initial values run code; types, functions and
        /// aliases run nothing where they are declared.
        public var isValue: Bool

        public init(start: Int, end: Int, line: Int, column: Int, keys: [String], extendedType: String? = nil,
                    names: [String] = [], references: Set<String> = [], isValue: Bool = false) {
            self.start = start
            self.end = end
            self.line = line
            self.column = column
            self.keys = keys
            self.extendedType = extendedType
            self.names = names
            self.references = references
            self.isValue = isValue
        }
    }

    /// A change to the snippet's text so recording changes nothing the program does: a property assignment
    /// `a.b = x` written `(a.b)=x`, whose value the transform logs instead of reading the object back, or a call
    /// `a.b.f()` written `(a.b.f())`, after which it does not read `a.b` again.
    public struct Edit: Sendable, Hashable, Codable {
        /// UTF-8 offsets in the snippet's code of the text replaced.
        public var start: Int
        public var end: Int
        public var text: String
        /// Where a `)` is inserted too, for an edit that opens a parenthesis: both are made, or neither.
        public var closing: Int?

        public init(start: Int, end: Int, text: String, closing: Int? = nil) {
            self.start = start
            self.end = end
            self.text = text
            self.closing = closing
        }
    }

    /// An expression statement that gets a scope of its own (`do {` on a line before, `}` on a line after), so the
    /// transform's temporary holding its value ends with it.
    public struct ScopedStatement: Sendable, Hashable, Codable {
        /// The UTF-8 offset in the snippet's code where it starts.
        public var start: Int
        public var startLine: Int
        public var endLine: Int

        public init(start: Int, startLine: Int, endLine: Int) {
            self.start = start
            self.startLine = startLine
            self.endLine = endLine
        }
    }

    /// A line and 1-based UTF-8 column in the snippet's code.
    public struct Position: Sendable, Hashable, Codable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// A name used at a place: one Docent reserves for its runtime, an attribute, or a top-level use.
    public struct ReservedUse: Sendable, Hashable, Codable {
        public var name: String
        public var position: Position

        public init(name: String, position: Position) {
            self.name = name
            self.position = position
        }
    }

    /// Declarations Swift accepts only at file scope.
    public var fileScope: [Declaration] = []
    /// The other top-level declarations (types, functions, values): they stay where they are unless a declaration
    /// moved to file scope needs them while they sit in a nested scope.
    public var locals: [Declaration] = []
    /// Names of top-level values and types (`total`, `Point`), for deciding when a snippet needs a scope of its own.
    public var valueNames: Set<String> = []
    /// Full names of top-level functions (`greet(person:)`).
    public var functionNames: Set<String> = []
    /// Every base name the snippet declares at top level, file-scope ones included.
    public var declaredNames: Set<String> = []
    /// The members its top-level extensions declare, by type and base name (`Math.Add` for a `struct Add` in
    /// `extension Math { … }`): a later use of `Add` that fails fails because of this snippet when it does not compile.
    public var memberNames: Set<String> = []
    /// Every name the snippet refers to.
    public var references: Set<String> = []
    /// Edits that keep recording from reading properties back, in source order.
    public var edits: [Edit] = []
    /// Statements that get a scope of their own, in source order.
    public var scopedStatements: [ScopedStatement] = []
    /// Lines of the Swift Testing `@Test` functions the snippet declares: its program runs its tests at its end.
    public var testLines: [Int] = []
    /// Uses of names reserved for Docent's runtime (`__docent_…`).
    public var reservedUses: [ReservedUse] = []
    /// Attributes that would reach the linker (`@_section`, `@_used`), at their names: the snippet is refused.
    public var linkerAttributes: [ReservedUse] = []
    /// Whether the parser found the code malformed.
    public var hasSyntaxErrors = false
    /// The first use of each name its top-level code reads as a plain identifier and does not bind itself (a use
    /// that runs when the snippet runs), in source order.
    public var topLevelUses: [ReservedUse] = []
    /// The type the snippet marks `@main` and where the attribute is (UTF-8 offsets): programs leave the attribute
    /// out and call the type's `main()` where the snippet ends.
    public var entryPoint: EntryPoint?

    /// A type marked `@main`.
    public struct EntryPoint: Sendable, Hashable, Codable {
        public var typeName: String
        public var attributeStart: Int
        public var attributeEnd: Int
        public var position: Position

        public init(typeName: String, attributeStart: Int, attributeEnd: Int, position: Position) {
            self.typeName = typeName
            self.attributeStart = attributeStart
            self.attributeEnd = attributeEnd
            self.position = position
        }
    }

    public init() {}
}
