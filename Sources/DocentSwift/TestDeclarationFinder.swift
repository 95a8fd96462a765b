import SwiftSyntax

/// Finds Swift Testing's `@Test` functions (at the top level or in a `@Suite` type) by their attribute.
final class TestDeclarationFinder: SyntaxVisitor {
    /// Where each `@Test` attribute's name starts: Swift Testing reports a test at that place.
    private(set) var tests: [Position] = []
    private let positions: SourcePositions

    init(positions: SourcePositions) {
        self.positions = positions
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        if name == "Test" || name == "Testing.Test", node.parent?.parent?.is(FunctionDeclSyntax.self) == true {
            tests.append(positions.start(of: node.attributeName))
        }
        return .skipChildren
    }
}
