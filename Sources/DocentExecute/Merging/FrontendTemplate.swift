import Foundation

/// The `swift-frontend` command line that `swiftc` (the driver) would start for one compile of a batch, learnt once
/// with `swiftc -###` for arguments whose per-program words are placeholders, then filled in for each program: the
/// batch's compiles start the frontend directly, the same command with the same arguments, without a driver each
/// (a third of a small type-check's time).
///
/// ```swift
/// let template = FrontendTemplate.learn(driverArguments: ["-c", FrontendTemplate.source, "-o", FrontendTemplate.output],
///                                       compiler: compiler, directory: scratch)
/// template?.filled([FrontendTemplate.source: "/w/k1/shared0.swift", FrontendTemplate.output: "/w/k1/k1.o"])
/// // ["/opt/swift/usr/bin/swift-frontend", "-frontend", "-c", "-primary-file", "/w/k1/shared0.swift", …]
/// ```
/// Only a driver that plans exactly one frontend job, printed without quoting, and names each placeholder once as a
/// whole word, gives a template; otherwise `learn` is `nil` and the batch starts `swiftc` as before.
struct FrontendTemplate: Sendable, Equatable {
    /// The frontend and its arguments, placeholders included.
    var words: [String]

    /// Placeholders for what differs from one program of a batch to the next.
    static let source = "/docent-placeholder/source.swift"
    static let output = "/docent-placeholder/output.o"
    static let abiName = "docent_placeholder_abi"
    static let entrySymbol = "docent_placeholder_entry"

    /// The template of `driverArguments` (which hold the placeholders), from what `swiftc -###` prints.
    static func learn(driverArguments: [String], compiler: SwiftCompiler, directory: String) -> FrontendTemplate? {
        guard let outcome = try? compiler.processRunner.run(executable: compiler.swiftc, arguments: driverArguments + ["-###"],
                                                            environment: compiler.environment, workingDirectory: directory,
                                                            timeLimit: 60, stdoutFile: nil),
              outcome.succeeded else { return nil }
        let placeholders = [source, output, abiName, entrySymbol].filter { placeholder in
            driverArguments.contains { $0.contains(placeholder) }
        }
        return parse(outcome.standardOutput, placeholders: placeholders)
    }

    /// The template in the driver's `-###` output, which must be one frontend job naming each of `placeholders` once.
    static func parse(_ text: String, placeholders: [String]) -> FrontendTemplate? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.count == 1, let line = lines.first, !line.contains(where: { "\"'\\".contains($0) }) else { return nil }
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count > 2, words[0].hasSuffix("/swift-frontend"), words[1] == "-frontend",
              placeholders.allSatisfy({ placeholder in words.filter { $0 == placeholder }.count == 1 }),
              // A placeholder inside a longer word would be filled in where the driver derived something from it.
              !words.contains(where: { word in placeholders.contains { word != $0 && word.contains($0) } })
        else { return nil }
        return FrontendTemplate(words: words)
    }

    /// The command for one program: each placeholder replaced by its value.
    func filled(_ values: [String: String]) -> [String] {
        words.map { values[$0] ?? $0 }
    }
}
