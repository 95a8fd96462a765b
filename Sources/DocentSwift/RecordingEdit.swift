/// A change Docent makes to a block's text before the playground transform sees it, so that recording changes
/// nothing the program does: `start..<end` (UTF-8 offsets in the block) becomes `text`.
///
/// A property assignment `box.value = 100` becomes `(box.value)=100`: the transform then logs the assigned value
/// (as it does for `x = 100`) instead of reading the object back after the assignment, which would run a getter
/// (`a.b.c = x` reads `a.b` again) that the program never ran. The parentheses take the spaces around `=`, so the
/// right-hand side keeps its column; with fewer than two spaces there the rest of the line moves right.
public struct RecordingEdit: Sendable, Hashable, Codable {
    public var start: Position
    public var end: Position
    public var text: String

    public init(start: Position, end: Position, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}
