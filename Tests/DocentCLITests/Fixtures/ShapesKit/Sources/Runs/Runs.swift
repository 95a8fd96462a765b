import Algorithms

extension Sequence where Element: Equatable {
    /// The runs of equal neighbours, in order.
    public func runs() -> [[Element]] {
        Array(self).chunked(by: ==).map(Array.init)
    }
}

extension Collection {
    /// The elements in pairs of neighbours.
    public func neighbours() -> [(Element, Element)] {
        Array(adjacentPairs())
    }
}
