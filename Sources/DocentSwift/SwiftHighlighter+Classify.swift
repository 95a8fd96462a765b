import SwiftSyntax

/// Decides one token's highlight kind from its token kind and, for names, its place in the tree.
enum TokenClassifier {
    typealias Kind = SwiftHighlighter.Kind

    static func kind(of token: TokenSyntax) -> Kind? {
        switch token.tokenKind {
        case .keyword(let keyword):
            return kind(of: keyword, in: token)
        case .identifier:
            return token.isEditorPlaceholder ? .placeholder : kind(ofName: token)
        case .integerLiteral, .floatLiteral:
            return .number
        case .stringQuote, .multilineStringQuote, .singleQuote, .stringSegment,
             .regexSlash, .regexLiteralPattern, .regexPoundDelimiter:
            return .string
        case .rawStringPoundDelimiter:
            return isInterpolationDelimiter(token) ? .interpolation : .string
        case .backslash, .leftParen, .rightParen:
            return isInterpolationDelimiter(token) ? .interpolation : nil
        case .binaryOperator, .prefixOperator, .postfixOperator, .arrow, .equal, .prefixAmpersand, .ellipsis,
             .infixQuestionMark:
            return .operator
        case .colon:
            return isTernaryColon(token) ? .operator : nil
        case .exclamationMark, .postfixQuestionMark:
            return isKeywordSuffix(token) ? .keyword : nil
        case .pound, .poundIf, .poundElse, .poundElseif, .poundEndif, .poundAvailable, .poundUnavailable,
             .poundSourceLocation:
            return .directive
        case .atSign:
            return .attribute
        case .shebang:
            return .comment
        default:
            return nil
        }
    }

    private static func kind(of keyword: Keyword, in token: TokenSyntax) -> Kind {
        switch keyword {
        case .true, .false, .nil: .literal
        case .Any: .type
        default: .keyword
        }
    }

    private static let typeNames: [AnyKeyPath & Sendable] = [
        \IdentifierTypeSyntax.name, \MemberTypeSyntax.name, \GenericParameterSyntax.name,
        \StructDeclSyntax.name, \ClassDeclSyntax.name, \EnumDeclSyntax.name, \ProtocolDeclSyntax.name,
        \ActorDeclSyntax.name, \TypeAliasDeclSyntax.name, \AssociatedTypeDeclSyntax.name,
        \PrimaryAssociatedTypeSyntax.name,
    ]

    private static let functionNames: [AnyKeyPath & Sendable] = [\FunctionDeclSyntax.name, \MacroDeclSyntax.name]

    /// An identifier: a type where the grammar says so or where capitalised in an expression, a function where it
    /// is declared or called, otherwise plain.
    private static func kind(ofName token: TokenSyntax) -> Kind? {
        guard let place = token.keyPathInParent else { return nil }
        if typeNames.contains(where: { $0 == place }) { return .type }
        if functionNames.contains(where: { $0 == place }) { return .function }
        guard place == \DeclReferenceExprSyntax.baseName, let reference = token.parent else { return nil }
        if isCapitalised(token.identifier?.name ?? token.text) { return .type }
        return isCallee(reference) ? .function : nil
    }

    /// Whether `reference` (a `DeclReferenceExpr`) names what a call calls: `f()`, `a.f()`, `f<T>()`, `a.f { }`.
    /// In a pattern, `.some(let y)` names an enum case with its associated values, not a call.
    private static func isCallee(_ reference: Syntax) -> Bool {
        var callee = reference
        if callee.keyPathInParent == \MemberAccessExprSyntax.declName, let access = callee.parent {
            if access.as(MemberAccessExprSyntax.self)?.base == nil, access.ancestor(ExpressionPatternSyntax.self) != nil {
                return false
            }
            callee = access
        }
        if callee.keyPathInParent == \GenericSpecializationExprSyntax.expression, let specialized = callee.parent {
            callee = specialized
        }
        return callee.keyPathInParent == \FunctionCallExprSyntax.calledExpression
    }

    private static func isCapitalised(_ name: String) -> Bool {
        name.first?.isUppercase ?? false
    }

    /// `\(`, its `)` and a raw string's `\#(` pounds.
    private static func isInterpolationDelimiter(_ token: TokenSyntax) -> Bool {
        token.parent?.is(ExpressionSegmentSyntax.self) ?? false
    }

    private static func isTernaryColon(_ token: TokenSyntax) -> Bool {
        guard let parent = token.parent else { return false }
        return parent.is(TernaryExprSyntax.self) || parent.is(UnresolvedTernaryExprSyntax.self)
    }

    /// The `!` or `?` of `try!`, `try?`, `as!`, `as?`.
    private static func isKeywordSuffix(_ token: TokenSyntax) -> Bool {
        guard let parent = token.parent else { return false }
        return parent.is(TryExprSyntax.self) || parent.is(AsExprSyntax.self) || parent.is(UnresolvedAsExprSyntax.self)
    }
}

/// Finds escape sequences (`\n`, `\u{1F600}`, `\#t` in `#"…"#`, a line-continuing `\`) in a string segment's bytes.
enum StringEscapes {
    /// Escape ranges (UTF-8 offsets) inside `segment`, for a string delimited by `pounds` `#`s.
    static func ranges(in bytes: [UInt8], _ segment: Range<Int>, pounds: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = max(0, segment.lowerBound)
        let end = min(segment.upperBound, bytes.count)
        while index < end {
            guard bytes[index] == UInt8(ascii: "\\"), let escapeEnd = escapeEnd(in: bytes, at: index, end: end, pounds: pounds) else {
                index += 1
                continue
            }
            ranges.append(index..<escapeEnd)
            index = escapeEnd
        }
        return ranges
    }

    /// Just past the escape whose backslash is at `start`, or nil when the backslash is plain string text.
    private static func escapeEnd(in bytes: [UInt8], at start: Int, end: Int, pounds: Int) -> Int? {
        var index = start + 1
        for _ in 0..<pounds {
            guard index < end, bytes[index] == UInt8(ascii: "#") else { return nil }
            index += 1
        }
        guard index < end else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "0"), UInt8(ascii: "\\"),
             UInt8(ascii: "\""), UInt8(ascii: "'"):
            return index + 1
        case UInt8(ascii: "u"):
            guard index + 1 < end, bytes[index + 1] == UInt8(ascii: "{"),
                  let close = bytes[(index + 2)..<end].prefix(9).firstIndex(of: UInt8(ascii: "}")) else { return index + 1 }
            return close + 1
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
            return index
        default:
            return nil
        }
    }
}
