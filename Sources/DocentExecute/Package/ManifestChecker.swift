import DocentCore
import Foundation

/// Checks a package manifest shown in documentation (`let package = Package(…)`) as SwiftPM would read it: type-checked
/// against the toolchain's PackageDescription (`lib/swift/pm/ManifestAPI`), at the manifest's tools version, in the
/// compiler's sandbox; never compiled or run as a program. A placeholder (`<command-line-tool>`) or a syntax error
/// fails at its line; a fragment (`.package(url: …)`) is left to SwiftPM and stays skipped.
///
/// ```swift
/// let run = try ManifestChecker(compiler: compiler).check(snippet, under: scratchFolder)   // .completed, or .compileFailed with errors
/// ```
package struct ManifestChecker: Sendable {
    var compiler: SwiftCompiler

    /// Whether docent checks the block: a whole manifest, shown as a package manifest listing.
    package static func isCheckable(_ snippet: Snippet) -> Bool {
        snippet.listing == .manifest && snippet.lines.contains { line in
            line.code.contains("Package(") && line.code.contains("let ") && line.code.contains("package")
        }
    }

    /// The folder of PackageDescription's module beside `swiftc` (`<usr>/lib/swift/pm/ManifestAPI`).
    var manifestAPI: String {
        let usr = URL(fileURLWithPath: compiler.swiftc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        return usr.appendingPathComponent("lib/swift/pm/ManifestAPI").path
    }

    /// The tools version the block's first line gives (`// swift-tools-version:5.9`, `// swift-tools-version: 6.0`),
    /// else 5.9.
    static func toolsVersion(of snippet: Snippet) -> String {
        guard let first = snippet.lines.first?.code.trimmingCharacters(in: .whitespaces),
              first.hasPrefix("//"), first.lowercased().contains("swift-tools-version") else { return "5.9" }
        let value = first.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
        let version = value.prefix { $0.isNumber || $0 == "." }
        return version.split(separator: ".").count >= 2 ? String(version) : version.isEmpty ? "5.9" : "\(version).0"
    }

    /// A placeholder written for the reader to fill in (`<command-line-tool>`, `<your package>`): an angle-bracketed
    /// run of words joined by `-` or spaces (a generic clause has neither), with its column (UTF-8 bytes, 1-based).
    static func placeholder(in line: String) -> (text: String, column: Int)? {
        let bytes = Array(line.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            var end = index + 1
            while end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "_")
                    || (bytes[end] >= 0x30 && bytes[end] <= 0x39) || ((bytes[end] | 0x20) >= 0x61 && (bytes[end] | 0x20) <= 0x7a) { end += 1 }
            let inner = bytes[(index + 1)..<end]
            if end < bytes.count, bytes[end] == UInt8(ascii: ">"), let first = inner.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7a,
               inner.contains(UInt8(ascii: "-")) || inner.contains(UInt8(ascii: " ")) {
                return (String(decoding: bytes[index...end], as: UTF8.self), index + 1)
            }
            index = end
        }
        return nil
    }

    /// Type-checks the manifest; errors are located at the block's lines (other messages at the block). A
    /// placeholder is the one error, at its place, and nothing is compiled.
    func check(_ snippet: Snippet, under parent: String) throws -> SnippetRun {
        for line in snippet.lines {
            guard let found = Self.placeholder(in: line.code) else { continue }
            let location = SourceLocation(path: snippet.location.path, line: line.number, column: found.column)
            return SnippetRun(outcome: .compileFailed, diagnostics: [
                PackageDiagnostics.manifestPlaceholder(found.text, at: location),
            ])
        }
        let version = Self.toolsVersion(of: snippet)
        let major = Int(version.split(separator: ".").first ?? "5") ?? 5
        let source = snippet.lines.map(\.code).joined(separator: "\n") + "\n"
        let (outcome, folder) = try compiler.run(under: parent, timeLimit: 120,
                                                 limits: ProgramLimits(memory: 4 << 30, cpuSeconds: 240, fileSize: 1 << 28)) { folder, _ in
            let file = "\(folder)/Package.swift"
            try Data(source.utf8).write(to: URL(fileURLWithPath: file))
            return ["-typecheck", file, "-I", manifestAPI, "-package-description-version", version,
                    "-swift-version", major >= 6 ? "6" : "5", "-diagnostic-style", "llvm"]
        }
        defer { try? DiskScratch().remove(folder) }
        guard !outcome.succeeded else { return SnippetRun(outcome: .completed) }
        let messages = CompilerOutput.errors(in: outcome.standardError)
        let diagnostics: [Diagnostic] = messages.map { message in
            let line = message.path.hasSuffix("Package.swift") && snippet.lines.indices.contains(message.line - 1)
                ? snippet.lines[message.line - 1].number : nil
            let location = line.map { SourceLocation(path: snippet.location.path, line: $0, column: message.column) } ?? snippet.location
            return ExecuteDiagnostics.compiler(at: location, message.text,
                                               notes: ["checked as a package manifest against PackageDescription \(version)"])
        }
        let fallback = [PackageDiagnostics.manifestDoesNotCheck(version: version, compilerSaid: outcome.standardError.lastLines(6),
                                                                at: snippet.location)]
        return SnippetRun(outcome: .compileFailed, diagnostics: diagnostics.isEmpty ? fallback : diagnostics)
    }
}
