/// One top-level declaration of a code block: what it declares, where it is, and what it refers to.
public struct Declaration: Sendable, Hashable, Codable {
    /// What sort of declaration this is.
    public enum Kind: String, Sendable, Hashable, Codable {
        case variable, function, type, typeAlias, `protocol`, `extension`
        case operatorDeclaration, precedenceGroup, importDeclaration, macro, other
    }

    public var kind: Kind
    /// Declared names: every bound identifier of a variable, a function's full name (`greet(person:)`, `+(_:_:)`),
    /// a type's, protocol's or alias's name, an extension's extended type (`Array`, `Foo.Bar`), an operator's text,
    /// an import's module.
    public var names: [String]
    /// Full names of the members a type, protocol or extension declares (`km`, `repetitions(task:)`, `init(x:)`).
    public var members: [String]
    /// Whether Swift accepts this declaration only at file scope (see `FileScopeRule`).
    public var mustBeAtFileScope: Bool
    /// Where the declaration starts, leading doc comments, attributes and modifiers included.
    public var start: Position
    /// Just past the declaration's last character (exclusive).
    public var end: Position
    /// Identifiers the declaration refers to: inherited and extended types, names used in bodies, operators.
    public var referencedNames: Set<String>
    /// Whether the declaration sits inside a top-level `#if` clause (cutting it out alone would lose the condition).
    public var isInsideIfConfig: Bool

    public init(
        kind: Kind, names: [String], members: [String] = [], mustBeAtFileScope: Bool,
        start: Position, end: Position, referencedNames: Set<String> = [], isInsideIfConfig: Bool = false
    ) {
        self.kind = kind
        self.names = names
        self.members = members
        self.mustBeAtFileScope = mustBeAtFileScope
        self.start = start
        self.end = end
        self.referencedNames = referencedNames
        self.isInsideIfConfig = isInsideIfConfig
    }

    /// `names` without argument labels (`greet(person:)` → `greet`), as other code refers to them.
    public var baseNames: [String] {
        names.map(Declaration.baseName(of:))
    }

    /// A full name without its argument labels: `greet(person:)` → `greet`, `+(_:_:)` → `+`, `x` → `x`.
    public static func baseName(of fullName: String) -> String {
        guard fullName.hasSuffix(")"), let open = fullName.firstIndex(of: "("), open != fullName.startIndex else {
            return fullName
        }
        return String(fullName[..<open])
    }
}
