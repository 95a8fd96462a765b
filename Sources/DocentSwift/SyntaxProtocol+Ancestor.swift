import SwiftSyntax

extension SyntaxProtocol {
    /// The nearest ancestor of the given type.
    func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var node = parent
        while let current = node {
            if let match = current.as(type) { return match }
            node = current.parent
        }
        return nil
    }
}
