import DocentCore
import Foundation

/// Builds the package a site documents with SwiftPM, for article programs to import and link: every step that
/// evaluates the package's code (its manifests, plugins, macros, and the compile itself) runs in the sandbox the
/// compiler runs in, on a copy of the package, writing only in the package's work folder.
///
/// Steps, each skipped when what it depends on is unchanged:
/// 1. list the package folder (no file read); if it matches the last good build, nothing else runs;
/// 2. make the copy anew (files with their modes; links only when they stay inside the package);
/// 3. if the manifests or pins changed: `swift package describe --type json` (no network), write the wrapper
///    package (`PackageLinkWrapper`), and `swift package resolve` — the only step with the network, since
///    fetching dependencies is what it does;
/// 4. `swift build --product DocentPackageLink` (no network), then `swift build --show-bin-path`;
/// 5. read the import flags from SwiftPM's build plan, and fingerprint the library and module interfaces.
///
/// ```swift
/// let built = try PackageBuilder(swift: "/opt/swift/usr/bin/swift", …).build(request)
/// ```
struct PackageBuilder {
    /// Wall-clock seconds one SwiftPM step may take.
    static let timeLimit = 3600.0
    /// What one SwiftPM step may use: generous (a first build of a large dependency graph), but bounded.
    static let limits = ProgramLimits(memory: 32 << 30, cpuSeconds: 7200, fileSize: 4 << 30)

    var swift: String
    var processRunner: any ProcessRunning
    /// The sandbox SwiftPM runs in; `nil` runs it on the host (no bubblewrap, or `--no-sandbox`).
    var sandbox: BubblewrapSandbox?
    /// The toolchain's folders, read-only in the sandbox.
    var toolchainFolders: [String]
    var prlimit: String?
    /// `PATH` for SwiftPM (it finds `git` there).
    var path: String
    var temporaryDirectory: String
    var cacheDirectory: String
    /// `swiftc --version`: a new toolchain builds the package anew.
    var toolchainVersion: String
    /// The user's home folder, where `git config` finds the user's own settings; `nil` for the system's alone.
    var home: String?
    /// Hears whether the package's build came from the cache and whether its dependencies were resolved again.
    var reporter: (any Reporter)? = nil

    func build(_ request: PackageRequest) throws -> BuiltPackage {
        let key = String(StableHash.of([request.folder, request.configuration, toolchainVersion,
                                        PackageBuildFlags.readerVersion, "\(request.traits)", "\(request.testable)"]).prefix(16))
        let store = PackageBuildState.Store(directory: cacheDirectory)
        let tree = try PackageTree(scanning: request.folder, excluding: request.excluded)
        let remembered = store.load(key: key)
        if let remembered, remembered.tree == tree.hash, var built = remembered.built, DiskScratch().exists(built.library) {
            reporter?.info("Package \(remembered.manifest.name): build reused from the cache (its sources and Package.resolved are unchanged)")
            built.targets = PackageTargets(remembered.manifest)
            return built
        }
        // From here the copy and the build folder change: the last good build is forgotten until this one succeeds.
        if let remembered, remembered.built != nil { store.save(remembered.resolvedOnly, key: key) }
        let work = try PackageWorkFolder.prepare(in: temporaryDirectory, key: key, user: sandbox?.hostUser)
        try toolsFailure("cannot copy the package into \(work.copy)") {
            try tree.mirror(from: request.folder, into: work.copy)
            if let user = sandbox?.hostUser { try HandOver.give(work.copy, to: user) }
        }
        let manifest: PackageManifest
        if let remembered, remembered.manifests == tree.manifestHash,
           DiskScratch().exists("\(work.wrapper)/Package.swift") {
            manifest = remembered.manifest
            reporter?.info("Package \(manifest.name): files changed since its last build; building it with the dependencies resolved before (offline)")
        } else {
            store.remove(key: key)
            manifest = try describe(request, work: work)
            try writeWrapper(manifest, request: request, work: work)
            try swiftPM(["package", "--package-path", work.wrapper, "--scratch-path", work.build, "resolve"],
                        work: work, network: true, failure: "cannot resolve the package's dependencies", request: request)
            store.save(PackageBuildState(tree: "", manifests: tree.manifestHash, manifest: manifest, built: nil), key: key)
            reporter?.info("Package \(manifest.name): dependencies resolved; building it")
        }
        let buildArguments = ["build", "--package-path", work.wrapper, "--scratch-path", work.build,
                              "--configuration", request.configuration]
        // The symbol graphs name the package's public API, which declaration listings are checked against.
        let symbolGraphs = ["-Xswiftc", "-emit-symbol-graph", "-Xswiftc", "-emit-symbol-graph-dir", "-Xswiftc", "\(work.build)/\(Self.symbolGraphFolder)"]
        try swiftPM(buildArguments + ["--product", PackageLinkWrapper.name] + symbolGraphs, work: work, network: false,
                    failure: "the package does not build", request: request)
        let binPath = try swiftPM(buildArguments + ["--show-bin-path"], work: work, network: false,
                                  failure: "SwiftPM cannot say where it built the package", request: request)
            .standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        // The build folder is the sandbox's: what docent reads of it is read without following links, and only there.
        let plan = (try? NoFollowFiles.read("build/\(request.configuration).yaml", in: work.root, limit: Self.planLimit))
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        let library = "\(binPath)/lib\(PackageLinkWrapper.name).so"
        guard binPath.hasPrefix(work.build + "/"), DiskScratch().exists(library) else {
            throw DiagnosticError([PackageDiagnostics.builtNoLibrary(library, at: SourceLocation(path: "\(request.folder)/Package.swift"))])
        }
        let built = BuiltPackage(modules: manifest.libraryModules,
                                 compileArguments: try PackageBuildFlags.importArguments(plan: plan, module: PackageLinkWrapper.name),
                                 linkArguments: ["-L", binPath, "-l\(PackageLinkWrapper.name)", "-Xlinker", "-rpath", "-Xlinker", binPath],
                                 folders: [work.root],
                                 fingerprint: try toolsFailure("cannot read what SwiftPM built") {
                                     try Self.fingerprint(library: library, binPath: binPath, work: work)
                                 },
                                 library: library,
                                 copy: work.copy,
                                 symbols: Self.symbols(work: work),
                                 targets: PackageTargets(manifest))
        store.save(PackageBuildState(tree: tree.hash, manifests: tree.manifestHash, manifest: manifest, built: built), key: key)
        return built
    }

    /// `swift package describe --type json` on the copy: the library products and their modules.
    private func describe(_ request: PackageRequest, work: PackageWorkFolder) throws -> PackageManifest {
        let outcome = try swiftPM(["package", "--package-path", work.copy, "--scratch-path", work.describe,
                                   "describe", "--type", "json"],
                                  work: work, network: false, failure: "SwiftPM cannot read the package's manifest", request: request)
        let json = outcome.standardOutput.drop { $0 != "{" }
        guard let manifest = try? PackageManifest(describeJSON: Data(json.utf8)) else {
            throw DiagnosticError([PackageDiagnostics.describeUnread(printed: String(outcome.standardOutput.prefix(400)),
                                                                     at: SourceLocation(path: "\(request.folder)/Package.swift"))])
        }
        guard !manifest.libraryProducts.isEmpty else {
            throw DiagnosticError([PackageDiagnostics.noLibraryProduct(manifest.name, at: SourceLocation(path: "\(request.folder)/Package.swift"))])
        }
        return manifest
    }

    /// The wrapper's manifest and source, and the documented package's pins so the same versions are built: written
    /// into a wrapper folder made anew (whatever the sandbox left in the old one, links included, is removed unfollowed),
    /// each file created new, then handed to the sandbox user.
    private func writeWrapper(_ manifest: PackageManifest, request: PackageRequest, work: PackageWorkFolder) throws {
        let traits = try enabledTraits(manifest, request: request, work: work)
        try toolsFailure("cannot write the wrapper package in \(work.wrapper)") {
            let wrapper = PackageLinkWrapper(dependencyFolder: work.copy, products: manifest.libraryProducts, traits: traits)
            try work.remake(work.wrapper)
            try NoFollowFiles.makeFolder("\(work.wrapper)/Sources", mode: 0o755)
            let sources = "\(work.wrapper)/Sources/\(PackageLinkWrapper.name)"
            try NoFollowFiles.makeFolder(sources, mode: 0o755)
            try NoFollowFiles.createFile("\(work.wrapper)/Package.swift", contents: Data(wrapper.manifest.utf8))
            try NoFollowFiles.createFile("\(sources)/\(PackageLinkWrapper.name).swift", contents: Data(PackageLinkWrapper.source.utf8))
            // The pins are read from the package itself (the copy is the sandbox's), through a link only inside it.
            if let pins = try PackageLinks(folder: request.folder).read("Package.resolved", limit: Self.planLimit) {
                try NoFollowFiles.createFile("\(work.wrapper)/Package.resolved", contents: pins)
            }
            if let user = sandbox?.hostUser { try HandOver.give(work.wrapper, to: user) }
        }
    }

    /// The traits the wrapper enables for `--traits`/`--all-traits`, checked against those `swift package dump-package`
    /// lists (run only then); `nil` for the package's defaults.
    private func enabledTraits(_ manifest: PackageManifest, request: PackageRequest, work: PackageWorkFolder) throws -> [String]? {
        guard request.traits != .defaults else { return nil }
        let outcome = try swiftPM(["package", "--package-path", work.copy, "--scratch-path", work.describe, "dump-package"],
                                  work: work, network: false, failure: "SwiftPM cannot read the package's manifest", request: request)
        let location = SourceLocation(path: "\(request.folder)/Package.swift")
        guard let traits = try? PackageTraits(dumpJSON: Data(outcome.standardOutput.drop { $0 != "{" }.utf8)) else {
            throw DiagnosticError([PackageDiagnostics.traitsUnread(printed: String(outcome.standardOutput.prefix(400)), at: location)])
        }
        return try traits.enabled(for: request.traits, at: location, package: manifest.name)
    }

    /// The folder under the build folder the compiles write symbol graphs into.
    static let symbolGraphFolder = "symbol-graphs"

    /// The public names of every module built, from the symbol graphs (read without following links); `nil` when
    /// the compiles wrote none.
    static func symbols(work: PackageWorkFolder) -> PackageSymbols? {
        let folder = "build/\(symbolGraphFolder)"
        guard let files = try? NoFollowFiles.names(in: folder, below: work.root) else { return nil }
        let graphs = files.filter { $0.hasSuffix(".symbols.json") }.sorted()
            .compactMap { try? NoFollowFiles.read("\(folder)/\($0)", in: work.root, limit: planLimit) }
        return graphs.isEmpty ? nil : PackageSymbols(symbolGraphs: graphs)
    }

    /// At most this many bytes of SwiftPM's build plan, or of the package's pins, are read.
    static let planLimit = 256 << 20

    /// Runs one SwiftPM command (in the sandbox when there is one); a failure is thrown as one error located at the
    /// first message SwiftPM gave, with its messages as notes.
    @discardableResult
    private func swiftPM(_ arguments: [String], work: PackageWorkFolder, network: Bool, failure: String,
                         request: PackageRequest) throws -> ProcessOutcome {
        // Only resolving reaches the network, and only it needs git's rewrites and the folders they point at.
        let rewrites = network ? gitRewrites() : []
        var command = ProgramCommand(executable: swift, arguments: arguments, environment: environment(work: work, rewrites: rewrites))
        if let sandbox {
            let hostFiles = network ? Self.networkFiles.filter { FileManager().fileExists(atPath: $0) } : []
            command = sandbox.wrap(command, readOnly: toolchainFolders + hostFiles + Self.localMirrors(rewrites),
                                   writable: [work.root], workingDirectory: work.root,
                                   temporarySize: 2 << 30, network: network)
        }
        if let prlimit {
            var limits = Self.limits
            limits.tasks = TaskCount.limit(forUser: sandbox?.hostUID ?? geteuid())
            command = limits.wrap(command, prlimit: prlimit)
        }
        let outcome = try processRunner.run(executable: command.executable, arguments: command.arguments,
                                            environment: command.environment, workingDirectory: work.root,
                                            timeLimit: Self.timeLimit, stdoutFile: nil)
        guard !outcome.succeeded else { return outcome }
        throw PackageBuildFailure(failure: failure, outcome: outcome, request: request, work: work).error
    }

    /// What SwiftPM runs with: a home of its own (its caches and configuration), `PATH`, and git's URL rewrites
    /// (`url.<base>.insteadOf`, read from the host's git configuration) so dependencies resolve from the
    /// machine's copies as they would outside.
    private func environment(work: PackageWorkFolder, rewrites: [(base: String, instead: String)]) -> [String: String] {
        var variables = ["HOME": work.home, "PATH": path, "TMPDIR": sandbox == nil ? work.home : "/tmp"]
        let settings = [("safe.directory", "*")] + rewrites.map { ("url.\($0.base).insteadOf", $0.instead) }
        variables["GIT_CONFIG_COUNT"] = String(settings.count)
        for (index, setting) in settings.enumerated() {
            variables["GIT_CONFIG_KEY_\(index)"] = setting.0
            variables["GIT_CONFIG_VALUE_\(index)"] = setting.1
        }
        return variables
    }

    /// Files of the host's `/etc` that name resolution and TLS need, read-only while resolving.
    static let networkFiles = ["/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/ssl", "/etc/ca-certificates",
                               "/etc/ca-certificates.conf", "/etc/pki"]

    /// The host's `url.<base>.insteadOf` settings, as `git config` reports them.
    func gitRewrites() -> [(base: String, instead: String)] {
        guard let outcome = try? processRunner.run(executable: "/usr/bin/git", arguments: ["config", "--get-regexp", #"^url\..*\.insteadof$"#],
                                                   environment: ["PATH": path].merging(home.map { ["HOME": $0] } ?? [:]) { $1 },
                                                   workingDirectory: temporaryDirectory, timeLimit: 30, stdoutFile: nil),
              outcome.succeeded else { return [] }
        return outcome.standardOutput.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("url."), parts[0].lowercased().hasSuffix(".insteadof") else { return nil }
            return (String(parts[0].dropFirst(4).dropLast(".insteadof".count)), String(parts[1]))
        }
    }

    /// Local folders the rewrites point at (the machine's package copies), read-only while resolving.
    private static func localMirrors(_ rewrites: [(base: String, instead: String)]) -> [String] {
        Array(Set(rewrites.map(\.base).filter { $0.hasPrefix("/") }.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
            .filter { FileManager().fileExists(atPath: $0) })).sorted()
    }

    /// A hash of the library's bytes and of every module interface SwiftPM made, read without following links
    /// below the work folder (the build folder is the sandbox's).
    static func fingerprint(library: String, binPath: String, work: PackageWorkFolder) throws -> String {
        var hash = StableHash()
        let bin = String(binPath.dropFirst(work.root.count + 1))
        let interfaces = ((try? NoFollowFiles.names(in: "\(bin)/Modules", below: work.root)) ?? []).sorted()
            .filter { $0.hasSuffix(".swiftmodule") }.map { "\(bin)/Modules/\($0)" }
        for file in ["\(bin)/\(URL(fileURLWithPath: library).lastPathComponent)"] + interfaces {
            hash.combine("\(work.root)/\(file)")
            guard let data = try? NoFollowFiles.read(file, in: work.root, limit: limits.fileSize) else { continue }
            hash.combine(words: data)
        }
        return hash.hex
    }
}
