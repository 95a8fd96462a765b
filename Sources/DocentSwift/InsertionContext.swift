import SwiftSyntax

/// Which statement lists run their statements one after another, so a statement may get a scope of its own.
enum InsertionContext {
    /// Whether the owner of a statement list is a place that runs statements one after another.
    static func isStatementListOwner(_ owner: Syntax?) -> Bool {
        guard let owner else { return false }
        if owner.is(SourceFileSyntax.self) || owner.is(AccessorBlockSyntax.self) { return true }  // top level, getter
        if let clause = owner.as(IfConfigClauseSyntax.self) {
            // clause → clause list → `#if` → its own statement → that statement's list → owner
            guard let item = clause.parent?.parent?.parent?.as(CodeBlockItemSyntax.self) else { return false }
            return isStatementListOwner(item.parent?.parent)
        }
        if let switchCase = owner.as(SwitchCaseSyntax.self) {
            guard let switchExpr = switchCase.ancestor(SwitchExprSyntax.self) else { return false }
            return isStatement(Syntax(switchExpr))
        }
        guard let body = owner.as(CodeBlockSyntax.self), let bodyOwner = body.parent else { return false }
        if let ifExpr = bodyOwner.as(IfExprSyntax.self) { return isStatement(Syntax(ifExpr)) }
        return bodyOwner.is(FunctionDeclSyntax.self) || bodyOwner.is(AccessorDeclSyntax.self)
            || bodyOwner.is(DoStmtSyntax.self) || bodyOwner.is(GuardStmtSyntax.self) || bodyOwner.is(ForStmtSyntax.self)
            || bodyOwner.is(WhileStmtSyntax.self) || bodyOwner.is(RepeatStmtSyntax.self)
            || bodyOwner.is(DeferStmtSyntax.self) || bodyOwner.is(CatchClauseSyntax.self)
    }

    /// Whether an `if` or `switch` is used as a statement, not as a value (`let x = if …`).
    private static func isStatement(_ node: Syntax) -> Bool {
        var node = node
        while let parent = node.parent, parent.is(IfExprSyntax.self) { node = parent }  // `else if` chains
        guard let parent = node.parent else { return false }
        if parent.is(CodeBlockItemSyntax.self) { return true }
        return parent.is(ExpressionStmtSyntax.self) && parent.parent?.is(CodeBlockItemSyntax.self) == true
    }
}
