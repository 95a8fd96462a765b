/// A change Docent makes to a block's text before the playground transform sees it, so that recording changes
/// nothing the program does: `start..<end` (UTF-8 offsets in the block) becomes `text`.
///
/// A property assignment `box.value = 100` becomes `(box.value)=100`: the transform then logs the assigned value
/// (as it does for `x = 100`) instead of reading the object back after the assignment, which would run a getter
/// (`a.b.c = x` reads `a.b` again) that the program never ran. The parentheses take the spaces around `=`, so the
/// right-hand side keeps its column; with fewer than two spaces there the rest of the line moves right.
///
/// A call statement on a property, `box.items.append(1)`, becomes `(box.items.append(1))` (the `(` in the space
/// before it when there is one): the transform would otherwise read `box.items` again after the call to log it.
/// The `)` is ``closing``: both are made, or neither.
public struct RecordingEdit: Sendable, Hashable, Codable {
    public var start: Position
    public var end: Position
    public var text: String
    /// Where a `)` is inserted too, for an edit that opens a parenthesis.
    public var closing: Position?

    public init(start: Position, end: Position, text: String, closing: Position? = nil) {
        self.start = start
        self.end = end
        self.text = text
        self.closing = closing
    }
}
