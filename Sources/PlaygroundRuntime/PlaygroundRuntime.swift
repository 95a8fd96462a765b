// The playground runtime: the functions `swiftc -Xfrontend -playground -Xfrontend -pc-macro` calls from an
// article's program. Docent embeds this file and compiles it, once per toolchain, into the module
// `PlaygroundRuntime` (it must be a module of its own, or the transform would instrument it too).
//
// It keeps, per Markdown line, the last value and how many times the line produced one, and writes JSON lines
// to the file named by `DOCENT_RESULTS`:
//   {"kind":"snippet","index":K,"offset":N}       snippet K starts; standard output is N bytes long
//   {"kind":"value","line":L,"count":C,"text":T}  line L's last value so far (the last record of a line wins)
//   {"kind":"truncated","index":K,"offset":N}     snippet K printed more than DOCENT_OUTPUT_LIMIT bytes; stopped
//   {"kind":"trap","lines":[L…]}                  a fatal signal; the statements running, outermost first
//   {"kind":"end","offset":N}                     the program finished normally
// Lines at or above 100000000 belong to Docent's own boundary calls and are ignored.
//
// Being a program's runtime, this file has process-wide state by nature: one recorder per process.

import Foundation

/// Called by Docent's generated `main.swift` before each snippet it contains.
public func __docent_snippet(_ index: Int) {
    DocentRecorder.shared.beginSnippet(index)
}

public func __builtin_log_with_id<T>(_ value: T, _ name: String, _ id: Int, _ startLine: Int, _ endLine: Int,
                                     _ startColumn: Int, _ endColumn: Int, _ moduleID: Int,
                                     _ fileID: Int) -> AnyObject? {
    guard startLine < DocentRecorder.boundaryLine, T.self != Void.self else { return nil }
    let recorder = DocentRecorder.shared
    guard !recorder.isInPrologue else { return nil } // parameters logged on entering a function or closure
    recorder.record(line: startLine, text: DocentValueFormatter.shared.format(value))
    return nil
}

public func __builtin_log_scope_entry(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                      _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    DocentRecorder.shared.enterScope(line: startLine)
    return nil
}

public func __builtin_log_scope_exit(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                     _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    DocentRecorder.shared.exitScope()
    return nil
}

public func __builtin_postPrint(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    DocentRecorder.shared.checkOutput()
    return nil
}

public func __builtin_pc_before(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                _ moduleID: Int, _ fileID: Int) {
    DocentRecorder.shared.statementBegins(line: startLine, column: startColumn)
}

public func __builtin_pc_after(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                               _ moduleID: Int, _ fileID: Int) {
    DocentRecorder.shared.statementEnds(line: startLine, column: startColumn)
}

public func __builtin_send_data(_ object: AnyObject?) {}

/// The process's record of values, snippet boundaries and running statements, written to `DOCENT_RESULTS`.
final class DocentRecorder: @unchecked Sendable {
    static let boundaryLine = 100_000_000
    static let shared = DocentRecorder(environment: ProcessInfo.processInfo.environment)

    /// A line's value so far; `nesting` is how many scopes opened on the same line enclosed it.
    private struct LineValue { var text: String; var count: Int; var nesting: Int }

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let resultsFD: Int32
    private let outputLimit: Int
    private var values: [Int: LineValue] = [:]
    private var dirtyLines: Set<Int> = []
    private var scopes: [Int] = []
    private var statements: [(line: Int, column: Int)] = []
    private var prologue = false
    private var snippet = -1
    private var snippetStart = 0
    private var stopped = false

    private init(environment: [String: String]) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        resultsFD = environment["DOCENT_RESULTS"].map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) } ?? -1
        outputLimit = environment["DOCENT_OUTPUT_LIMIT"].flatMap { Int($0) } ?? Int.max
        if let bytes = environment["DOCENT_FILE_SIZE_LIMIT"].flatMap({ rlim_t($0) }) {
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        }
        atexit { DocentRecorder.shared.finish() }
        DocentSignals.install()
    }

    var isInPrologue: Bool { locked { prologue } }

    func beginSnippet(_ index: Int) {
        locked {
            let offset = outputOffset()
            flushValues()
            write("{\"kind\":\"snippet\",\"index\":\(index),\"offset\":\(offset)}")
            snippet = index
            snippetStart = max(offset, 0)
            statements.removeAll()
        }
    }

    func record(line: Int, text: String) {
        locked {
            var nesting = 0
            for scopeLine in scopes.suffix(16) where scopeLine == line { nesting += 1 }
            if let old = values[line], old.nesting < nesting { return }
            if let old = values[line], old.nesting == nesting {
                values[line] = LineValue(text: text, count: old.count + 1, nesting: nesting)
            } else {
                values[line] = LineValue(text: text, count: 1, nesting: nesting)
            }
            dirtyLines.insert(line)
        }
    }

    func enterScope(line: Int) {
        locked { scopes.append(line); prologue = true }
    }

    func exitScope() {
        locked { _ = scopes.popLast(); prologue = false }
    }

    func statementBegins(line: Int, column: Int) {
        guard line < Self.boundaryLine else { return }
        locked {
            prologue = false
            statements.append((line, column))
        }
    }

    func statementEnds(line: Int, column: Int) {
        guard line < Self.boundaryLine else { return }
        locked {
            // A `throw`, `break` or `return` can skip a statement's end: unwind to the statement that ended.
            while let last = statements.popLast(), last.line != line || last.column != column {}
        }
    }

    /// After a `print`: stops the program once the running snippet has printed more than the limit.
    func checkOutput() {
        locked {
            let offset = outputOffset()
            guard !stopped, offset >= 0, offset - snippetStart > outputLimit else { return }
            flushValues()
            write("{\"kind\":\"truncated\",\"index\":\(snippet),\"offset\":\(offset)}")
            stopped = true
            exit(0)
        }
    }

    /// At exit: the last values and the final length of standard output.
    func finish() {
        locked {
            guard !stopped else { return }
            stopped = true
            let offset = outputOffset()
            flushValues()
            write("{\"kind\":\"end\",\"offset\":\(offset)}")
        }
    }

    /// From a signal handler: what was running and the values so far. Gives up rather than wait for the lock.
    func recordFatalSignal() {
        guard pthread_mutex_trylock(mutex) == 0 else { return }
        defer { pthread_mutex_unlock(mutex) }
        guard !stopped else { return }
        stopped = true
        var lines: [Int] = []
        for statement in statements where lines.last != statement.line { lines.append(statement.line) }
        if lines.count > 64 { lines = Array(lines.prefix(32) + lines.suffix(32)) }
        flushValues()
        write("{\"kind\":\"trap\",\"lines\":[\(lines.map(String.init).joined(separator: ","))]}")
    }

    private func flushValues() {
        for line in dirtyLines.sorted() {
            guard let value = values[line] else { continue }
            write("{\"kind\":\"value\",\"line\":\(line),\"count\":\(value.count),\"text\":\(Self.jsonString(value.text))}")
        }
        dirtyLines.removeAll()
    }

    /// Flushes standard output and returns its length, or -1 when it is not a file.
    private func outputOffset() -> Int {
        fflush(stdout)
        return Int(lseek(1, 0, SEEK_CUR))
    }

    private func write(_ record: String) {
        guard resultsFD >= 0 else { return }
        var bytes = Array((record + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeMutableBytes { Foundation.write(resultsFD, $0.baseAddress! + written, $0.count - written) }
            if result <= 0 { return }
            written += result
        }
        bytes.removeAll()
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Records what was running when the program traps or crashes, then lets the signal kill it as usual.
enum DocentSignals {
    static func install() {
        #if os(Linux)
        let size = 256 * 1024
        var stack = stack_t(ss_sp: UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16), ss_flags: 0, ss_size: size)
        sigaltstack(&stack, nil)
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in DocentRecorder.shared.recordFatalSignal() }
            action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(signal, &action, nil)
        }
        #endif
    }
}

/// Turns a value into the text Xcode's results sidebar would show, without memory addresses.
final class DocentValueFormatter: @unchecked Sendable {
    static let shared = DocentValueFormatter(environment: ProcessInfo.processInfo.environment)

    private let dateFormatter: DateFormatter
    private let modulePrefixes: [String]

    private init(environment: [String: String]) {
        dateFormatter = DateFormatter()
        dateFormatter.locale = Locale(identifier: environment["DOCENT_LOCALE"] ?? "en_US_POSIX")
        dateFormatter.timeZone = environment["DOCENT_TIMEZONE"].flatMap { TimeZone(identifier: $0) }
            ?? TimeZone(identifier: "UTC")
        dateFormatter.dateFormat = "MMM d, yyyy 'at' h:mm a"
        let modules = (environment["DOCENT_MODULES"] ?? "").split(separator: ",").map(String.init)
        modulePrefixes = (["main"] + modules).map { $0 + "." }
    }

    func format<T>(_ value: T) -> String {
        describe(value)
    }

    private func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return describe(wrapped)
        }
        switch value {
        case let text as String: return String(reflecting: text)
        case let text as Substring: return String(reflecting: text)
        case let character as Character: return String(reflecting: character)
        case let date as Date:
            return dateFormatter.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ")
        default:
            let description = String(describing: value)
            // A class instance with no description of its own shows as its type name, without the module.
            if mirror.displayStyle == .class, description == String(reflecting: type(of: value)) {
                return String(describing: type(of: value))
            }
            return clean(description)
        }
    }

    /// Removes `main.` (and the support module's) prefixes and `0x…` addresses.
    private func clean(_ text: String) -> String {
        var characters = Array(text)
        var result: [Character] = []
        var index = 0
        while index < characters.count {
            let startsWord = index == 0 || !Self.isIdentifier(characters[index - 1]) && characters[index - 1] != "."
            if startsWord, let prefix = modulePrefixes.first(where: { Self.matches($0, characters, at: index) }),
               index + prefix.count < characters.count, Self.isIdentifier(characters[index + prefix.count]) {
                index += prefix.count
                continue
            }
            if startsWord, let end = Self.addressEnd(characters, at: index) {
                while let last = result.last, last == " " || last == ":" { result.removeLast() }
                index = end
                continue
            }
            result.append(characters[index])
            index += 1
        }
        characters = result
        if characters.first == "<", characters.last == ">", characters.dropFirst().dropLast().allSatisfy({ Self.isIdentifier($0) || $0 == "." }) {
            return String(characters.dropFirst().dropLast())
        }
        return String(characters)
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private static func matches(_ prefix: String, _ characters: [Character], at index: Int) -> Bool {
        var position = index
        for character in prefix {
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
        }
        return true
    }

    /// The end of `0x` and at least six hex digits starting at `index`, if that is what is there.
    private static func addressEnd(_ characters: [Character], at index: Int) -> Int? {
        guard matches("0x", characters, at: index) else { return nil }
        var end = index + 2
        while end < characters.count, characters[end].isHexDigit { end += 1 }
        guard end - index - 2 >= 6, end == characters.count || !isIdentifier(characters[end]) else { return nil }
        return end
    }
}
