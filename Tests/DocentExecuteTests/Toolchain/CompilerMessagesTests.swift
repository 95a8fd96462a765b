import Foundation
import DocentTestSupport
import Testing
@testable import DocentExecute

/// The compiler's words Docent recognises (``CompilerMessages``), read from what this toolchain's `swiftc` prints, so
/// a toolchain that rewords one fails here rather than in an article.
@Suite("Compiler messages Docent recognises, as swiftc prints them", .tags(.compiler))
struct CompilerMessagesTests {
    /// The errors `swiftc -typecheck` reports for `source`, as Docent reads them.
    func errors(_ source: String) throws -> [String] {
        let environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        let swiftc = try #require(environment.swiftc)
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-messages-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        let file = "\(folder)/main.swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let output = try ToolRun(["-typecheck", "-diagnostic-style", "llvm", file], executable: swiftc).output
        return CompilerOutput.errors(in: output).map(\.text)
    }

    @Test("a local type that uses a value around it cannot close over it")
    func closeOverValue() throws {
        let messages = try errors("func f() {\n    let x = 1\n    struct S { func g() -> Int { x } }\n}\n")
        #expect(messages.contains(where: CompilerMessages.closesOverValue), "\(messages)")
        #expect(try errors("func f() {\n    struct S { func g() -> Int { 1 } }\n}\n").isEmpty)
    }

    @Test("an import of a module the toolchain lacks names it")
    func noSuchModule() throws {
        let messages = try errors("import UIKit\n")
        #expect(messages.compactMap(CompilerMessages.missingModule(in:)) == ["UIKit"], "\(messages)")
    }

    @Test("an unknown value and an unknown type are named")
    func cannotFind() throws {
        let messages = try errors("let a = undefinedName\nlet b: UndefinedType? = nil\n")
        #expect(messages.compactMap(CompilerMessages.unknownName(in:)) == ["undefinedName", "UndefinedType"], "\(messages)")
    }

    @Test("fatalError, precondition and assert trap with the words Docent reads the trap's message from", arguments: [
        ("fatalError(\"boom\")", "Fatal error: boom"), ("precondition(Int(\"1\") == 2, \"boom\")", "Precondition failed: boom"),
        ("assert(Int(\"1\") == 2, \"boom\")", "Assertion failed: boom"),
    ])
    func runtimeFailures(statement: String, expected: String) throws {
        let environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        let swiftc = try #require(environment.swiftc)
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-traps-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        try "\(statement)\n".write(toFile: "\(folder)/main.swift", atomically: true, encoding: .utf8)
        let compiled = try ToolRun(["-Onone", "\(folder)/main.swift", "-o", "\(folder)/trap"], executable: swiftc)
        try #require(compiled.status == 0, "\(compiled.output)")
        let ran = try ToolRun([], executable: "\(folder)/trap")
        #expect(ran.status != 0)
        let trap = try #require(CompilerOutput.trap(in: ran.output), "\(ran.output)")
        #expect(trap.message.hasPrefix(expected), "\(ran.output)")
        #expect(trap.line == 1, "\(ran.output)")
    }

    @Test("other messages are not taken for these")
    func others() {
        #expect(CompilerMessages.missingModule(in: "no such module '") == nil)
        #expect(CompilerMessages.unknownName(in: "cannot find 'x' in scope, did you mean 'y'") == nil)
        #expect(!CompilerMessages.closesOverValue("cannot convert value of type 'Int' to 'String'"))
    }
}
