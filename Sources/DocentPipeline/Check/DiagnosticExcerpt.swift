import DocentCore
import DocentExecute

/// A compiler diagnostic as `swiftc` prints it: `path:line:col: error: message`, then the snippet's code line and a
/// caret under the column (1-based UTF-8 bytes), then its notes — with a hint added for modules only Apple's
/// platforms have.
///
/// ```swift
/// DiagnosticExcerpt(diagnostic, lines: snippet.lines).rendered
/// // content/a.md:8:14: error: cannot convert value of type 'String' to specified type 'Int'
/// // let a: Int = "x"
/// //              ^
/// ```
public struct DiagnosticExcerpt: Sendable {
    /// Modules that exist only on Apple's platforms: importing one on Linux never compiles.
    static let appleOnlyModules: Set<String> = ["UIKit", "SwiftUI", "AppKit", "Cocoa", "WatchKit", "WidgetKit", "UniformTypeIdentifiers",
                                                "CoreGraphics", "CoreImage", "QuartzCore", "MapKit", "PhotosUI", "SpriteKit",
                                                "SceneKit", "ARKit", "RealityKit", "AVKit", "StoreKit", "CloudKit", "Combine",
                                                "Charts", "CoreData", "CoreML", "CoreLocation", "HealthKit", "TVUIKit", "Vision"]

    public var diagnostic: Diagnostic
    /// The code line the diagnostic points at, when it is one of the snippet's.
    public var line: String?

    public init(_ diagnostic: Diagnostic, lines: [Snippet.Line]) {
        var diagnostic = diagnostic
        if let hint = Self.hint(for: diagnostic.message) { diagnostic.notes.append(hint) }
        self.diagnostic = diagnostic
        line = diagnostic.location.flatMap { location in lines.first { $0.number == location.line }?.code }
    }

    /// The note for `no such module 'UIKit'` and the like: mark the block so it is shown, not compiled.
    static func hint(for message: String) -> String? {
        if let declared = ToolchainDeclarations.hint(for: message) { return declared }
        guard let module = CompilerMessages.missingModule(in: message), appleOnlyModules.contains(module) else { return nil }
        return "\(module) exists only on Apple's platforms and Docent compiles on Linux: "
            + "mark the block ```swift ignore to show it without compiling it"
    }

    /// The lines: the diagnostic's first, the code and the caret, then its notes.
    public var rendered: [String] {
        reported.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The diagnostic with the code line and the caret under its message's first line, so that a reporter, which
    /// prints a diagnostic's `description`, prints it as ``rendered`` (the hint among its notes).
    public var reported: Diagnostic {
        guard let line, let column = diagnostic.location?.column, column >= 1 else { return diagnostic }
        var lines = diagnostic.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(contentsOf: [line, Self.caret(under: column, of: line)], at: 1)
        var reported = diagnostic
        reported.message = lines.joined(separator: "\n")
        return reported
    }

    /// Spaces (tabs kept, so it lines up) as wide as the code before `column`, then `^`.
    static func caret(under column: Int, of line: String) -> String {
        let before = String(decoding: line.utf8.prefix(column - 1), as: UTF8.self)
        return String(before.map { $0 == "\t" ? "\t" : " " }) + "^"
    }
}
