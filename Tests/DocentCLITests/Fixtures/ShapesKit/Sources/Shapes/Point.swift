import CShapes

/// A point in the plane.
public struct Point: Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The distance to the origin, computed in C.
    public var length: Double { cshapes_hypotenuse(x, y) }

    public var description: String { "(\(x), \(y))" }
}
