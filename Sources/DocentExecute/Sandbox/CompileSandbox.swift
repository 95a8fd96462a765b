import Foundation

/// Runs the compiler, and the linker and everything else it starts, inside bubblewrap as article programs run:
/// a read-only system and toolchain, no network, no capabilities, an unprivileged uid, a cleared environment, a sized
/// `/tmp`, resource limits, and one writable folder — the compile's own, under the article's scratch folder.
///
/// Snippet code can reach the linker (through autolink entries it plants in the object file); in here, whatever the
/// linker is told to write or run stays inside the compile's folder and dies with it.
///
/// What a compile reads is copied, so it is reachable by the unprivileged uid even when the originals are in root's
/// home: the modules it links (`-I`/`-L` point at the copies), and the warmed Clang module cache, mounted at
/// ``moduleCachePath`` (Clang refuses a cache that moved). With `shared` inputs, one copy per build serves every
/// compile, mounted read-only; otherwise (and for a compile that must write a Clang module) each compile gets
/// private, writable copies in its own folder.
///
/// ```swift
/// let staged = try sandbox.stage(modules: modules, moduleCache: warmed, in: articleFolder)
/// let command = sandbox.wrap(ProgramCommand(executable: swiftc, arguments: arguments, environment: variables),
///                            staged: staged, limits: ProgramLimits(memory: 2 << 30, cpuSeconds: 240, fileSize: 1 << 30))
/// ```
struct CompileSandbox: Sendable {
    /// Where every sandboxed compile finds its copy of the Clang module cache (`-module-cache-path`).
    static let moduleCachePath = "/docent/module-cache"
    /// Bytes the compile's `/tmp` may hold (the driver's temporary object files).
    static let temporarySize = 1 << 30

    var sandbox: BubblewrapSandbox
    /// Folders outside the system ones that the toolchain lives in (`/opt/swift/usr`), read-only.
    var toolchainFolders: [String]
    /// Other folders compiles read (the documented package's build), read-only.
    var readOnlyFolders: [String] = []
    /// `prlimit`, for the compile's memory and file-size limits; `nil` when it is not installed.
    var prlimit: String?
    /// The build's read-only copies of the modules and the module cache; `nil` copies them for each compile.
    var shared: SharedCompileInputs?

    /// The folder of a compile: the copies it reads and everything it writes.
    struct Staged: Sendable {
        var folder: String
        var modules: [SwiftCompiler.Module]
        /// The copy of the module cache, mounted at ``CompileSandbox/moduleCachePath``.
        var moduleCache: String
        /// Whether the modules and the module cache are the build's shared copies, mounted read-only.
        var isShared = false
    }

    /// The toolchain's `usr` folder (two above the real `swiftc`), when the system folders do not hold it already.
    static func toolchainFolders(swiftc: String, systemFolders: [String]) -> [String] {
        let binary = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
        let usr = binary.deletingLastPathComponent().deletingLastPathComponent().path
        return systemFolders.contains(where: { usr == $0 || usr.hasPrefix($0 + "/") }) ? [] : [usr]
    }

    /// Makes a fresh folder under `parent`, handed to the sandbox's host user when it has one, with the build's
    /// shared copies of `modules` and `moduleCache` when there are `shared` inputs and the compile may read a
    /// read-only cache (`privately` false, and a cache to read), else holding copies of its own.
    func stage(modules: [SwiftCompiler.Module], moduleCache: String?, in parent: String, privately: Bool = false) throws -> Staged {
        let files = FileManager()
        let folder = try ScratchFolders.compileFolder(in: parent)
        if let shared, !privately, let moduleCache {
            if let user = sandbox.hostUser { try HandOver.give(folder, to: user) }
            return Staged(folder: folder,
                          modules: try modules.map { SwiftCompiler.Module(name: $0.name, directory: try shared.copy(of: $0.directory)) },
                          moduleCache: try shared.copy(of: moduleCache), isShared: true)
        }
        var copies: [SwiftCompiler.Module] = []
        for module in modules {
            let copy = "\(folder)/module-\(module.name)"
            try files.copyItem(atPath: module.directory, toPath: copy)
            copies.append(SwiftCompiler.Module(name: module.name, directory: copy))
        }
        let cache = "\(folder)/module-cache"
        if let moduleCache {
            try files.copyItem(atPath: moduleCache, toPath: cache)
        } else {
            try files.createDirectory(atPath: cache, withIntermediateDirectories: true)
        }
        if let user = sandbox.hostUser { try HandOver.give(folder, to: user) }
        return Staged(folder: folder, modules: copies, moduleCache: cache)
    }

    /// `command` (a `swiftc` run) inside the sandbox, in the staged folder: the only place it may write. It reads
    /// the Clang module cache at ``moduleCachePath``; `limits` get a task limit for the sandbox's host user.
    /// A command that is not `swiftc` itself (a script running several) passes `-module-cache-path` on its own.
    func wrap(_ command: ProgramCommand, staged: Staged, limits: ProgramLimits?, isCompiler: Bool = true) -> ProgramCommand {
        var environment = command.environment
        environment["HOME"] = staged.folder
        environment["TMPDIR"] = "/tmp"
        let cache = [(source: staged.moduleCache, destination: Self.moduleCachePath)]
        var wrapped = sandbox.wrap(ProgramCommand(executable: command.executable,
                                                  arguments: (isCompiler ? ["-module-cache-path", Self.moduleCachePath] : [])
                                                      + command.arguments,
                                                  environment: environment),
                                   readOnly: toolchainFolders + readOnlyFolders + (staged.isShared ? staged.modules.map(\.directory) : []),
                                   writable: [staged.folder],
                                   mounted: staged.isShared ? [] : cache, mountedReadOnly: staged.isShared ? cache : [],
                                   workingDirectory: staged.folder, temporarySize: Self.temporarySize)
        if let prlimit, var limits {
            limits.tasks = TaskCount.limit(forUser: sandbox.hostUID)
            wrapped = limits.wrap(wrapped, prlimit: prlimit)
        }
        return wrapped
    }

    /// The compiler's own termination, not bubblewrap's.
    func unwrap(_ outcome: ProcessOutcome) -> ProcessOutcome {
        var unwrapped = outcome
        unwrapped.termination = BubblewrapSandbox.innerTermination(outcome.termination)
        return unwrapped
    }
}
