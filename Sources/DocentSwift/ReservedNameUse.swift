/// An identifier, declared or used, that starts with one of `BlockAnalysis.reservedNamePrefixes`.
public struct ReservedNameUse: Sendable, Hashable, Codable {
    /// The identifier, without backticks.
    public var name: String
    /// Where the identifier starts.
    public var position: Position

    public init(name: String, position: Position) {
        self.name = name
        self.position = position
    }
}
