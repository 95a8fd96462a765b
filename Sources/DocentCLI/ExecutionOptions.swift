import ArgumentParser
import DocentCore
import DocentExecute
import DocentPipeline
import Foundation

/// How article programs run, shared by `build` and `test` through `@OptionGroup`.
public struct ExecutionOptions: ParsableArguments {
    @Flag(name: .long, help: "Run article programs without the bubblewrap sandbox (resource limits still apply).")
    public var noSandbox = false

    @Option(name: .long, help: ArgumentHelp("Where compiled and run programs' outcomes are kept between builds "
                                            + "(default: .docent-cache beside the content folder).", valueName: "dir"))
    public var cache: String?

    @Flag(name: .long, help: "Compile and run everything, neither reading nor writing the cache.")
    public var noCache = false

    @Flag(name: .long, help: "Link each program apart, not the run's programs into one executable (slower; for comparison).")
    public var noMerge = false

    @Option(name: .long, help: ArgumentHelp("How many articles to compile and run at once (default: the number of cores).",
                                            valueName: "n"))
    public var jobs: Int?

    @Option(name: .long, help: ArgumentHelp("Also write every compiled program and its swiftc arguments into this folder "
                                            + "(use with --no-cache to see them all).", valueName: "dir", visibility: .hidden))
    public var emitPrograms: String?

    @Option(name: .long, help: ArgumentHelp("The Swift package the articles document: built with SwiftPM (in the sandbox), its "
                                            + "library products imported by every article (default: site.yml's `package:`).",
                                            valueName: "dir"))
    public var package: String?

    @Option(name: .long, help: ArgumentHelp("How SwiftPM builds the --package: debug or release (default: debug).",
                                            valueName: "configuration"))
    public var configuration = "debug"

    @OptionGroup public var packageChoices: PackageChoiceOptions

    // Ceilings on what content may ask for: named and described from the settings table (``ExecutionCeilings``).
    @Option(name: .customLong(ExecutionCeilings.option(for: ExecutionSettingTable.standard.timeLimit.key)),
            help: ArgumentHelp(ExecutionCeilings.help(for: ExecutionSettingTable.standard.timeLimit), valueName: "seconds"))
    public var maxTimeLimit: String?

    @Option(name: .customLong(ExecutionCeilings.option(for: ExecutionSettingTable.standard.memoryLimit.key)),
            help: ArgumentHelp(ExecutionCeilings.help(for: ExecutionSettingTable.standard.memoryLimit), valueName: "size"))
    public var maxMemoryLimit: String?

    @Option(name: .customLong(ExecutionCeilings.option(for: ExecutionSettingTable.standard.outputLimit.key)),
            help: ArgumentHelp(ExecutionCeilings.help(for: ExecutionSettingTable.standard.outputLimit), valueName: "size"))
    public var maxOutputLimit: String?

    /// Each ceiling option given, by its setting's key.
    var ceilingOptions: [String: String] {
        let table = ExecutionSettingTable.standard
        return [table.timeLimit.key: maxTimeLimit, table.memoryLimit.key: maxMemoryLimit, table.outputLimit.key: maxOutputLimit]
            .compactMapValues { $0 }
    }

    /// The ceilings the options and `environment` (`DOCENT_MAX_TIME_LIMIT`, …) set; an unreadable one is an error.
    func ceilings(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ExecutionCeilings {
        try ExecutionCeilings.read(options: ceilingOptions, environment: environment)
    }

    /// `--jobs`, or one per core.
    var jobCount: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    /// The cache for a site whose content folder is `content`, unless turned off.
    func programCache(content: String) -> ProgramCache? {
        noCache ? nil : ProgramCache(directory: cache, content: content)
    }

    public func validate() throws {
        do { _ = try ceilings() } catch let error as DiagnosticError {
            throw ValidationError(error.diagnostics.map(\.message).joined(separator: "\n"))
        }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs takes a number from 1 to 256, not \(jobs)") }
        if noCache, cache != nil { throw ValidationError("--cache and --no-cache contradict each other; give one") }
        if let cache, cache.isEmpty { throw ValidationError("--cache needs a folder") }
        if let emitPrograms, emitPrograms.isEmpty { throw ValidationError("--emit-programs needs a folder") }
        guard ["debug", "release"].contains(configuration) else {
            throw ValidationError("--configuration takes debug or release, not '\(configuration)'")
        }
        if let package {
            guard !package.isEmpty else { throw ValidationError("--package needs the folder holding Package.swift") }
            guard LocalFileSystem().directoryExists(package) else {
                throw ValidationError("--package \(package): no such folder")
            }
            guard LocalFileSystem().fileExists("\(package)/Package.swift") else {
                throw ValidationError("--package \(package): not a Swift package: looked for \(ContentLoader.join(package, "Package.swift")), "
                                      + "which is not there; name the folder of the package's manifest")
            }
        }
    }

    public init() {}
}
