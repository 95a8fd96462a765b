/// The standard library's collections, whose printed form the summarizer reproduces directly: no `Mirror`, and
/// only the elements it shows are touched (a `Mirror` boxes every child it hands out).
protocol StandardCollection {
    var elementCount: Int { get }
    var isDictionary: Bool { get }
    /// At most `limit` elements; a dictionary's as key and value.
    func firstElements(_ limit: Int) -> [(key: Any?, value: Any)]
}

/// What the sequence-like standard collections share: their elements, in order, with no key.
extension StandardCollection where Self: Collection {
    var elementCount: Int { count }
    var isDictionary: Bool { false }
    func firstElements(_ limit: Int) -> [(key: Any?, value: Any)] { prefix(limit).map { (nil, $0) } }
}

extension Array: StandardCollection {}
extension ArraySlice: StandardCollection {}
extension ContiguousArray: StandardCollection {}
extension Set: StandardCollection {}

extension Dictionary: StandardCollection {
    var elementCount: Int { count }
    var isDictionary: Bool { true }
    func firstElements(_ limit: Int) -> [(key: Any?, value: Any)] { prefix(limit).map { ($0.key, $0.value) } }
}

/// An `Optional` seen through `Any`, without a `Mirror` (a cast to a concrete type would unwrap it silently).
protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? {
        switch self {
        case .some(let value): value
        case .none: nil
        }
    }
}
