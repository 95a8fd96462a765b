/// The words of `swiftc`'s messages that Docent recognises, each named once here and checked against the real
/// compiler by a test (`CompilerMessagesTests`), so a toolchain that rewords one fails a test, not an article.
///
/// ```swift
/// CompilerMessages.missingModule(in: "no such module 'UIKit'")          // "UIKit"
/// CompilerMessages.unknownName(in: "cannot find type 'URL' in scope")    // "URL"
/// ```
package enum CompilerMessages {
    /// In `struct declaration cannot close over value 'x' defined in outer scope`: a local type uses a value of the
    /// scope around it.
    package static let cannotCloseOverValue = "cannot close over value"
    /// `no such module 'X'`: what comes before the module's name, and after it.
    package static let noSuchModule = (prefix: "no such module '", suffix: "'")
    /// `cannot find 'x' in scope` and `cannot find type 'X' in scope`: what comes before the name, and after it.
    package static let cannotFind = (prefixes: ["cannot find '", "cannot find type '"], suffix: "' in scope")

    /// What the C library says when a write meets a read-only mount (the compile sandbox's module cache, when a compile
    /// must add a Clang module to it).
    package static let readOnlyFileSystem = "Read-only file system"

    /// Whether an error names `name` the way the compiler quotes every name it speaks of: `'name'`.
    package static func names(_ name: String, in message: String) -> Bool {
        message.contains("'\(name)'")
    }

    /// In the runtime's trap when an allocation fails (`… failed to allocate …`): the program met the memory limit. Not
    /// the compiler's, so checked by running a program past the limit (`ExecuteSandboxTests`, tagged `compiler`).
    package static let failedToAllocate = "failed to allocate"

    /// How the Swift runtime begins the line it prints when a program traps: `fatalError`, `precondition` and `assert`
    /// (`content/x.md:12: Fatal error: boom`).
    package static let runtimeFailures = ["Fatal error", "Precondition failed", "Assertion failed"]
    /// What `swiftc` prints when it crashes (`… failed due to signal 11`, then `Stack dump:`): no test makes the
    /// compiler crash, so these two are named here but not checked against it.
    package static let compilerCrash = ["due to signal", "Stack dump"]

    /// Whether the compiler's standard error says it crashed.
    package static func compilerCrashed(_ standardError: String) -> Bool {
        compilerCrash.contains { standardError.contains($0) }
    }

    /// Whether an error says a local type cannot use a value of the scope around it.
    package static func closesOverValue(_ message: String) -> Bool {
        message.contains(cannotCloseOverValue)
    }

    /// The module a `no such module 'X'` error names.
    package static func missingModule(in message: String) -> String? {
        guard message.hasPrefix(noSuchModule.prefix), message.hasSuffix(noSuchModule.suffix),
              message.count > noSuchModule.prefix.count + noSuchModule.suffix.count - 1 else { return nil }
        return String(message.dropFirst(noSuchModule.prefix.count).dropLast(noSuchModule.suffix.count))
    }

    /// The name a `cannot find 'x' in scope` or `cannot find type 'X' in scope` error names.
    package static func unknownName(in message: String) -> String? {
        guard let prefix = cannotFind.prefixes.first(where: message.hasPrefix), message.hasSuffix(cannotFind.suffix),
              message.count >= prefix.count + cannotFind.suffix.count else { return nil }
        return String(message.dropFirst(prefix.count).dropLast(cannotFind.suffix.count))
    }
}
