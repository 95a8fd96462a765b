import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Recording changes nothing the program does: each fixture's snippets print, under Docent, exactly what the same
/// code prints compiled plainly with `swiftc` (the oracle) — `deinit` where it runs, weak references emptied when
/// they would be, `isKnownUniquelyReferenced` as it answers, and no getter, observer or subscript that the program
/// did not run — merged or linked apart.
@Suite(.tags(.compiler)) struct ExecuteRecordingTests {
    /// Reference counting, as the Swift book's chapter shows it.
    static let arc = [
        """
        class Person {
            let name: String
            init(name: String) { self.name = name; print("\\(name) is being initialized") }
            var apartment: Apartment?
            deinit { print("\\(name) is being deinitialized") }
        }
        class Apartment {
            let unit: String
            init(unit: String) { self.unit = unit }
            weak var tenant: Person?
            deinit { print("Apartment \\(unit) is being deinitialized") }
        }
        var reference1: Person?
        var reference2: Person?
        reference1 = Person(name: "John Appleseed")
        reference2 = reference1
        reference1 = nil
        print("one reference left")
        reference2 = nil
        print("no reference left")
        """,
        """
        var john: Person?
        var unit4A: Apartment?
        john = Person(name: "John Appleseed")
        unit4A = Apartment(unit: "4A")
        john!.apartment = unit4A
        unit4A!.tenant = john
        john = nil
        print("after john = nil")
        unit4A = nil
        print("after unit4A = nil")
        """,
        """
        weak var observer: Person?
        var owner: Person? = Person(name: "Owner")
        observer = owner
        print(observer == nil)
        owner = nil
        print(observer == nil)
        var first = Apartment(unit: "1")
        var second = first
        print(isKnownUniquelyReferenced(&first))
        second = Apartment(unit: "2")
        print(isKnownUniquelyReferenced(&first), second.unit)
        func scope() {
            var local: Person? = Person(name: "Local")
            local = Person(name: "Replacement")
            local = nil
            print("end of scope()")
        }
        scope()
        for index in 1...2 {
            var inLoop: Person?
            inLoop = Person(name: "Loop \\(index)")
            inLoop = nil
            print("after loop body \\(index)")
        }
        """,
    ]

    /// Properties whose accessors print: computed, observed, wrapped, subscripts and dynamic members.
    static let accessors = [
        """
        class Box {
            var stored = 0
            var value: Int {
                get { print("Getter was called"); return stored }
                set { print("Setter was called"); stored = newValue }
            }
            var observed = 0 { willSet { print("willSet \\(newValue)") } didSet { print("didSet \\(oldValue)") } }
            var inner: Box { get { print("inner getter"); return self } set { print("inner setter") } }
            var storedItems: [Int] = []
            var items: [Int] { get { print("items getter"); return storedItems } set { print("items setter"); storedItems = newValue } }
            func touch() { print("touched") }
            subscript(index: Int) -> Int {
                get { print("subscript getter"); return index }
                set { print("subscript setter \\(newValue)") }
            }
        }
        @propertyWrapper struct Logged {
            private var stored = 0
            var wrappedValue: Int {
                get { print("wrapped getter"); return stored }
                set { print("wrapped setter"); stored = newValue }
            }
        }
        @dynamicMemberLookup struct Dynamic {
            subscript(dynamicMember name: String) -> Int {
                get { print("dynamic getter \\(name)"); return 0 }
                set { print("dynamic setter \\(name)") }
            }
        }
        struct Holder { @Logged var count: Int; var dynamic = Dynamic() }
        let box = Box()
        box.value = 100
        box.observed = 1
        box.inner.stored = 2
        box.inner.value = -3
        box[0] = 4
        var holder = Holder()
        holder.count = 5
        holder.dynamic.answer = 42
        var maybe: Box? = box
        maybe?.value = 7
        maybe!.observed = 8
        maybe?.inner.observed=9
        box.inner.touch()
        box.items.append(1)
        func poke() {
            box.inner.touch()
            box.items.append(2)
        }
        poke()
        print("done", box.stored)
        """,
    ]

    @Test(arguments: [("arc", arc), ("accessors", accessors)])
    func aFixturePrintsUnderDocentWhatItPrintsPlainly(name: String, snippets: [String]) throws {
        let plain = try Self.plainOutput(of: snippets)
        var article = ExecuteArticle()
        for snippet in snippets { article.add(snippet) }
        for merges in [false, true] {
            let runs = try article.runs(merges: merges)
            #expect(runs.map(\.outcome) == Array(repeating: .completed, count: snippets.count), "\(name)")
            #expect(runs.map(\.output).joined() == plain, "\(name), merged: \(merges)")
        }
    }

    /// What the snippets, one after another in one `main.swift`, print compiled with plain `swiftc`.
    private static func plainOutput(of snippets: [String]) throws -> String {
        let environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        let swiftc = try #require(environment.swiftc)
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-plain-\(UUID().uuidString)")
        try FileManager().createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(at: folder) }
        try snippets.joined(separator: "\n").write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: swiftc)
        compile.arguments = ["-swift-version", "5", "main.swift", "-o", "plain"]
        compile.currentDirectoryURL = folder
        try compile.run()
        compile.waitUntilExit()
        try #require(compile.terminationStatus == 0)
        let program = Process()
        let output = Pipe()
        program.executableURL = folder.appendingPathComponent("plain")
        program.standardOutput = output
        try program.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        program.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
