/// A closed shape made of points.
public struct Polygon {
    public var corners: [Point]

    public init(_ corners: [Point]) {
        self.corners = corners
    }

    /// The length of the outline.
    public var perimeter: Double {
        zip(corners, corners.dropFirst() + corners.prefix(1)).reduce(0) { total, side in
            total + Point(x: side.1.x - side.0.x, y: side.1.y - side.0.y).length
        }
    }
}
