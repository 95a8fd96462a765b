import DocentCore
import Foundation

/// The diagnostics the Execute stage makes about an article's snippets — what it left out before compiling, how a
/// program stopped — and the compiler's own messages it forwards, each with its stable ``DiagnosticID``
/// (`execute.…`, `compiler.…`): the only place their wording is written.
///
/// ```swift
/// ExecuteDiagnostics.trap("Fatal error: boom", at: location)   // id: execute.trap
/// ```
package enum ExecuteDiagnostics {
    /// The names of the Execute stage's diagnostics.
    package enum ID {
        package static let compilerError = DiagnosticID("compiler.error")
        package static let compilerWarning = DiagnosticID("compiler.warning")
        package static let compilerNote = DiagnosticID("compiler.note")
        package static let placeholder = DiagnosticID("execute.placeholder")
        package static let reservedName = DiagnosticID("execute.reserved-name")
        package static let linkerAttribute = DiagnosticID("execute.linker-attribute")
        package static let snippetTooLong = DiagnosticID("execute.snippet-too-long")
        package static let usedBeforeDeclaration = DiagnosticID("execute.used-before-declaration")
        package static let dependsOnFailed = DiagnosticID("execute.depends-on-failed")
        package static let dependsOnTrapped = DiagnosticID("execute.depends-on-trapped")
        package static let dependsOnOutdated = DiagnosticID("execute.depends-on-outdated")
        package static let doesNotCompile = DiagnosticID("execute.does-not-compile")
        package static let contextDoesNotCompile = DiagnosticID("execute.context-does-not-compile")
        package static let compilerFailed = DiagnosticID("execute.compiler-failed")
        package static let compileTimeOut = DiagnosticID("execute.compile-time-out")
        package static let libfaketimeMissing = DiagnosticID("execute.libfaketime-missing", fault: true)
        package static let stoppedBefore = DiagnosticID("execute.stopped-before")
        package static let recordChannelBroken = DiagnosticID("execute.record-channel-broken")
        package static let trap = DiagnosticID("execute.trap")
        package static let fileLimit = DiagnosticID("execute.file-limit")
        package static let cpuLimit = DiagnosticID("execute.cpu-limit")
        package static let memoryLimit = DiagnosticID("execute.memory-limit")
        package static let timeOut = DiagnosticID("execute.time-out")
        package static let timeOutBusy = DiagnosticID("execute.time-out.busy")
        /// What says a snippet trapped: the trap itself or a limit that stopped the program as one.
        package static let traps: Set<DiagnosticID> = [trap, fileLimit, cpuLimit, memoryLimit]
        package static let supportModuleUnnamed = DiagnosticID("execute.support-module-unnamed")
    }

    /// A message of `swiftc`'s, forwarded: `compiler.error`, `compiler.warning` or `compiler.note`.
    package static func compiler(_ severity: Diagnostic.Severity = .error, at location: SourceLocation?, _ text: String,
                                 notes: [String] = []) -> Diagnostic {
        let id = switch severity {
        case .error: ID.compilerError
        case .warning: ID.compilerWarning
        case .note: ID.compilerNote
        }
        return Diagnostic(severity, id, at: location, text, notes: notes)
    }

    /// Support files in a site whose site.yml names no module for them.
    package static func supportModuleUnnamed(at location: SourceLocation) -> Diagnostic {
        .warning(ID.supportModuleUnnamed, at: location, "the support files are not compiled: site.yml sets no `support-module`",
                 notes: ["add `support-module: Support` to site.yml to import them as `Support`"])
    }

    // Left out before compiling

    static func placeholder(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, ID.placeholder, at: location, "not compiled: the snippet contains an editor placeholder")
    }

    static func reservedName(_ name: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.reservedName, at: location, "'\(name)' is reserved for Docent's playground runtime",
               notes: ["rename it: names starting with " + RuntimeContract.reservedNamePrefixes.joined(separator: " or ")
                       + " belong to Docent"])
    }

    static func linkerAttribute(_ name: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.linkerAttribute, at: location, "'\(name)' is not allowed in an article: it can pass options to the linker",
               notes: ["remove it, or mark the block `swift ignore` to show the code without compiling it"])
    }

    static func snippetTooLong(at location: SourceLocation) -> Diagnostic {
        .error(ID.snippetTooLong, at: location, "a snippet may have at most \(ProgramLines.maximumSnippetLines) lines",
               notes: ["split it into several snippets"])
    }

    static func usedBeforeDeclaration(_ name: String, declaredAt line: Int, at location: SourceLocation) -> Diagnostic {
        .error(ID.usedBeforeDeclaration, at: location, "'\(name)' is used before the snippet at line \(line) declares it",
               notes: ["in one Swift file this compiles and reads '\(name)' before it has a value; declare it "
                       + "in an earlier snippet, or use it in a later one"])
    }

    static func dependsOnFailed(_ name: String, declaredAt line: Int, at location: SourceLocation) -> Diagnostic {
        .error(ID.dependsOnFailed, at: location, "it uses '\(name)', declared by the snippet at line \(line), which does not compile")
    }

    static func dependsOnTrapped(_ name: String, declaredAt line: Int, at location: SourceLocation) -> Diagnostic {
        .error(ID.dependsOnTrapped, at: location, "it uses '\(name)', which the snippet at line \(line) trapped before setting")
    }

    static func dependsOnOutdated(_ name: String, declaredAt line: Int, at location: SourceLocation) -> Diagnostic {
        .error(ID.dependsOnOutdated, at: location,
               "it uses '\(name)', declared by the snippet at line \(line), which does not compile with the "
               + "declarations that replaced what it uses")
    }

    // Compiling

    static func doesNotCompile(at location: SourceLocation, compilerSaid standardError: String) -> Diagnostic {
        .error(ID.doesNotCompile, at: location, "the snippet does not compile", notes: [standardError])
    }

    static func contextDoesNotCompile(at location: SourceLocation) -> Diagnostic {
        .error(ID.contextDoesNotCompile, at: location, "cannot be checked: the earlier snippets it needs do not compile with it")
    }

    static func compilerFailed(at location: SourceLocation, compilerSaid standardError: String) -> Diagnostic {
        .error(ID.compilerFailed, at: location, "the compiler failed", notes: [standardError])
    }

    static func compileTimeOut(_ limit: Double, at location: SourceLocation) -> Diagnostic {
        .error(ID.compileTimeOut, at: location, "compiling took longer than the compile-time limit of \(OutcomeMapper.seconds(limit))",
               notes: ["split the code into smaller snippets, or raise `compile-time-limit` in site.yml"])
    }

    // Running

    static func libfaketimeMissing(article path: String) -> Diagnostic {
        .error(ID.libfaketimeMissing, at: SourceLocation(path: path),
               "this article sets `now`, which needs libfaketime, and it is not installed",
               notes: ["install it with `apt-get install libfaketime`, or set DOCENT_LIBFAKETIME to libfaketime.so.1"])
    }

    /// Why a program stopped before a snippet (`how`: `it exited with status 1 before reaching it`), with the last
    /// lines it wrote to standard error.
    static func stoppedBefore(at location: SourceLocation?, _ how: String, errors: String) -> Diagnostic {
        .error(ID.stoppedBefore, at: location, how, notes: errors.isEmpty ? [] : [errors])
    }

    static func recordChannelBroken(at location: SourceLocation, fault: String) -> Diagnostic {
        .error(ID.recordChannelBroken, at: location, "the program wrote to or closed Docent's record channel (\(fault)): its results "
               + "cannot be trusted", notes: ["found while the code of this snippet ran (or code of the article's it called)"])
    }

    /// A trap (or a limit the program exceeded: `id`), with its message as the snippet run's outcome says it
    /// (`Fatal error: boom`) and, when the runtime said none, the last lines of standard error.
    static func trap(_ message: String, id: DiagnosticID = ID.trap, at location: SourceLocation, said: String) -> Diagnostic {
        .error(id, at: location, message, notes: said.isEmpty ? [] : [said])
    }

    static func fileLimitMessage(files: Int, memoryLimit: Int) -> String {
        "exceeded the file limit: its in-memory folders held more than \(files) files and "
            + "folders (one per \(ByteCount.text(LocalProgramExecutor.bytesPerFile)) of the memory limit of "
            + "\(ByteCount.text(memoryLimit)))"
    }

    static func cpuLimitMessage(seconds: Double) -> String {
        "exceeded the CPU time limit of \(OutcomeMapper.seconds(seconds))"
    }

    static func memoryLimitMessage(_ memoryLimit: Int, trap: String) -> String {
        "exceeded the memory limit of \(ByteCount.text(memoryLimit)) (\(trap))"
    }

    static func timeOut(_ limit: Double, at location: SourceLocation, clockFrozen: Bool) -> Diagnostic {
        .error(ID.timeOut, at: location,
               "timed out: the article's time limit of \(OutcomeMapper.seconds(limit)) ran out while this snippet was running",
               notes: clockFrozen ? [OutcomeMapper.frozenClockNote] : [])
    }

    static func timeOutBusy(_ limit: Double, stoppedAfter ceiling: Double, at location: SourceLocation) -> Diagnostic {
        .error(ID.timeOutBusy, at: location,
               "timed out: stopped after \(OutcomeMapper.seconds(ceiling)) on the wall clock while this snippet "
               + "was running, before it had had its own \(OutcomeMapper.seconds(limit)): the machine was too busy",
               notes: ["run it again on a less busy machine, or with fewer --jobs"])
    }
}
