import DocentCore

/// The errors about the tools Docent runs snippets with — the compiler, its runtime and support modules, the result
/// cache, the scratch folders — each with its stable ``DiagnosticID`` (`execute.toolchain.…`, `execute.cache.…`,
/// `execute.tools…`): the only place their wording is written.
///
/// ```swift
/// ToolchainDiagnostics.swiftcMissing()   // id: execute.toolchain.swiftc-missing
/// ```
package enum ToolchainDiagnostics {
    /// The names of these diagnostics.
    package enum ID {
        package static let toolsFailed = DiagnosticID("execute.tools-failed", fault: true)
        package static let machineFault = DiagnosticID("execute.machine-fault", fault: true)
        package static let swiftcMissing = DiagnosticID("execute.toolchain.swiftc-missing", fault: true)
        package static let versionFailed = DiagnosticID("execute.toolchain.version-failed", fault: true)
        package static let foundationUnavailable = DiagnosticID("execute.toolchain.foundation-unavailable", fault: true)
        package static let runtimeDoesNotBuild = DiagnosticID("execute.toolchain.runtime-does-not-build", fault: true)
        package static let supportModuleDoesNotCompile = DiagnosticID("execute.support.does-not-compile")
        package static let supportLinkerAttribute = DiagnosticID("execute.support.linker-attribute")
        package static let supportUnreadable = DiagnosticID("execute.support.unreadable")
        package static let cacheFolderUnusable = DiagnosticID("execute.cache.folder-unusable")
        package static let cacheKeyUnusable = DiagnosticID("execute.cache.key-unusable")
        package static let cacheIsLink = DiagnosticID("execute.cache.link")
        package static let cacheNotAFolder = DiagnosticID("execute.cache.not-a-folder")
    }

    /// A tool or the file system failed while Docent did `what` (`cannot create /tmp/x`).
    static func toolsFailed(_ what: String, _ error: any Error) -> Diagnostic {
        .error(ID.toolsFailed, at: nil, "\(what): \(FileErrorText.describe(error))")
    }

    static func machineFault(article path: String, reason: String, compilerSaid lastLines: String) -> Diagnostic {
        .error(ID.machineFault, at: nil, "cannot compile \(path): \(reason)",
               notes: [lastLines, "this is the machine's failure, not the article's: free the space or "
                       + "fix the tools and build again (nothing of it was cached)"])
    }

    static func swiftcMissing() -> Diagnostic {
        .error(ID.swiftcMissing, at: nil, "cannot find swiftc, so no snippet can be compiled",
               notes: ["install a Swift toolchain and put it on PATH, or set SWIFTC to the compiler"])
    }

    static func versionFailed(_ swiftc: String, said standardError: String) -> Diagnostic {
        .error(ID.versionFailed, at: nil, "'\(swiftc) --version' failed: \(standardError)")
    }

    static func foundationUnavailable(_ swiftc: String, said standardError: String) -> Diagnostic {
        .error(ID.foundationUnavailable, at: nil, "cannot import Foundation with \(swiftc)", notes: [standardError])
    }

    static func runtimeDoesNotBuild(_ swiftc: String, said standardError: String) -> Diagnostic {
        .error(ID.runtimeDoesNotBuild, at: nil, "cannot build Docent's playground runtime with \(swiftc)", notes: [standardError])
    }

    static func supportModuleDoesNotCompile(_ name: String, said standardError: String) -> Diagnostic {
        .error(ID.supportModuleDoesNotCompile, at: nil, "the support module \(name) did not compile", notes: [standardError])
    }

    static func supportLinkerAttribute(_ name: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.supportLinkerAttribute, at: location, "'\(name)' is not allowed in a support file: it can pass options to the linker",
               notes: ["remove it"])
    }

    /// A support file Docent cannot read as Swift within its limits (`message` and `advice` are the analysis's).
    static func supportUnreadable(_ message: String, advice: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.supportUnreadable, at: location, message, notes: [advice])
    }

    static func cacheFolderUnusable(_ folder: String, problem: String) -> Diagnostic {
        .error(ID.cacheFolderUnusable, at: SourceLocation(path: folder), "cannot use the cache folder \(folder): \(problem)",
               notes: ["remove it (docent makes it), or set DOCENT_CACHE_DIR to a folder of your own"])
    }

    static func cacheKeyUnusable(_ path: String, reason: String) -> Diagnostic {
        .error(ID.cacheKeyUnusable, at: nil, "cannot set up the result cache's key \(path): \(reason)",
               notes: ["remove the file, make its folder writable, or pass --no-cache"])
    }

    static func cacheIsLink(_ directory: String, to destination: String) -> Diagnostic {
        .error(ID.cacheIsLink, at: SourceLocation(path: directory),
               "the result cache \(directory) is a symbolic link to \(destination): docent writes no cache through a link",
               notes: ["remove the link (docent makes the folder), name a folder with --cache-dir, or pass --no-cache"])
    }

    static func cacheNotAFolder(_ directory: String) -> Diagnostic {
        .error(ID.cacheNotAFolder, at: SourceLocation(path: directory), "the result cache \(directory) is not a folder",
               notes: ["remove it (docent makes the folder), name a folder with --cache-dir, or pass --no-cache"])
    }
}
