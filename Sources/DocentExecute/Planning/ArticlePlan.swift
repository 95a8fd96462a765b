import DocentCore
import Foundation

/// Everything running an article depends on, decided before anything runs: the programs' sources, the context they
/// are built and run in, and the snippets left out and why.
///
/// A plan is pure data (`Codable`, `Hashable`): two equal plans produce the same outcome, so the result cache is
/// keyed on it (`context.cacheKey(for:)`). Programs number their lines by snippet (`ProgramLines`), so editing prose
/// never changes a plan.
public struct ArticlePlan: Sendable, Hashable, Codable {
    public var articlePath: String
    public var context: PlanContext
    public var programs: [ProgramPlan]
    /// Snippets that are in no program, by index, and why.
    public var excluded: [Int: Exclusion]

    public init(articlePath: String, context: PlanContext, programs: [ProgramPlan], excluded: [Int: Exclusion]) {
        self.articlePath = articlePath
        self.context = context
        self.programs = programs
        self.excluded = excluded
    }
}

/// What every program of an article is built and run with besides its own source: docent's version, the format of
/// the runtime's records, the article's settings, the tools, the support module and whether programs run sandboxed.
/// With a program, all a cached outcome depends on.
public struct PlanContext: Sendable, Hashable, Codable {
    /// `DocentBuild.identity`: the version and the digest of the execution code of the docent that made a result.
    public var docentVersion: String
    /// `RuntimeContract.recordFormat`: a cached run's records are read only by the docent that reads their format.
    public var recordFormat = RuntimeContract.recordFormat
    public var settings: ExecutionSettings
    public var fingerprints: ToolchainFingerprints
    /// The support module articles may import, if any.
    public var supportModule: String?
    /// The modules every program imports when the settings name none (`imports:` unset): the toolchain's list.
    public var defaultImports: [String]

    public init(docentVersion: String = DocentBuild.identity, settings: ExecutionSettings, fingerprints: ToolchainFingerprints,
                supportModule: String?, defaultImports: [String] = []) {
        self.docentVersion = docentVersion
        self.settings = settings
        self.fingerprints = fingerprints
        self.supportModule = supportModule
        self.defaultImports = defaultImports
    }

    /// The modules every program of the article imports: what `imports:` says, else the default list.
    public var imports: [String] { settings.imports ?? defaultImports }

    /// The result cache's key of `program` in this context: a SHA-256 of both, encoded with sorted keys.
    public func cacheKey(for program: ProgramPlan) -> String {
        struct Inputs: Encodable {
            var context: PlanContext
            var program: ProgramPlan
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return SHA256.hex((try? encoder.encode(Inputs(context: self, program: program))) ?? Data())
    }
}

/// Why a snippet is in no program.
public enum Exclusion: Sendable, Hashable, Codable {
    /// Never compiled: `ignore`, or a declaration listing (``Snippet/isDeclarationListing``).
    case ignored
    /// It holds an editor placeholder (`<#name#>`) at this location.
    case placeholder(SourceLocation)
    /// It uses a name Docent reserves, or failed to compile: these are its own diagnostics.
    case failed([Diagnostic])
    /// It uses `name`, declared by the snippet whose fence is at `line`, which was left out; `use` is where it uses
    /// it (the snippet's fence when not known).
    case dependsOn(line: Int, name: String, use: SourceLocation? = nil)
    /// Its top-level code uses the value `name` at `location` before the later snippet whose fence is at `line`
    /// declares it: in one Swift file that compiles and reads the value before it has one.
    case usedBeforeDeclaration(location: SourceLocation, name: String, line: Int)
    /// It uses `name`, which the snippet whose fence is at `line` trapped before declaring.
    case dependsOnTrapped(line: Int, name: String)
    /// It uses `name`, declared by the snippet whose fence is at `line`, which no longer compiles once later snippets
    /// replace what it uses.
    case dependsOnOutdated(line: Int, name: String)
}

/// What identifies the tools a plan's programs are built with.
public struct ToolchainFingerprints: Sendable, Hashable, Codable {
    /// `swiftc --version`.
    public var compiler: String
    /// A hash of the playground runtime's sources and flags.
    public var runtime: String
    /// A hash of the support module's sources, if the site has one.
    public var support: String?
    /// Whether programs run in the sandbox (hostile code may behave differently outside it).
    public var sandboxed: Bool
    /// A hash of the documented package's built library and module interfaces, if the site documents one.
    public var package: String?

    public init(compiler: String, runtime: String, support: String? = nil, sandboxed: Bool = false) {
        self.compiler = compiler
        self.runtime = runtime
        self.support = support
        self.sandboxed = sandboxed
    }
}

/// One program of an article: its source and the snippets it holds, in order.
public struct ProgramPlan: Sendable, Hashable, Codable {
    /// One snippet in a program: a target (its results are kept) or context (earlier code it needs, run quietly).
    public struct Block: Sendable, Hashable, Codable {
        public var snippet: Int
        public var isTarget: Bool
        /// Context of which only the declarations are kept (types, functions, extensions…): a snippet that lends
        /// them (``Snippet/Mode/lendsDeclarations``), one that failed for another reason, or a later snippet an
        /// entry point needs.
        public var declarationsOnly: Bool

        public init(snippet: Int, isTarget: Bool, declarationsOnly: Bool = false) {
            self.snippet = snippet
            self.isTarget = isTarget
            self.declarationsOnly = declarationsOnly
        }
    }

    /// What the program is for.
    public enum Kind: Sendable, Hashable, Codable {
        /// Shared snippets of the article from one segment on (a new segment starts where a snippet's file-scope
        /// declarations clash with an earlier one's).
        case shared(segment: Int)
        /// One snippet that needs a program of its own (`isolated`, `no-run`, `compile-fail`, `crash`).
        case own(snippet: Int)
    }

    public var name: String
    public var kind: Kind
    public var source: String
    public var blocks: [Block]
    /// Whether the program is linked and run (otherwise only type-checked).
    public var runs: Bool
    public var swiftVersion: Int
    /// Places whose logged value is not the line's result (the object of a property assignment), in order, so the
    /// plan encodes the same way every time (a cache key is a hash of it).
    public var hiddenSites: [ProgramSite]
    /// The command-line arguments the program runs with (an entry point's `args="…"`).
    public var arguments: [String] = []

    public init(name: String, kind: Kind, source: String, blocks: [Block], runs: Bool, swiftVersion: Int,
                hiddenSites: [ProgramSite]) {
        self.name = name
        self.kind = kind
        self.source = source
        self.blocks = blocks
        self.runs = runs
        self.swiftVersion = swiftVersion
        self.hiddenSites = hiddenSites
    }

    /// The snippets whose results this program gives.
    public var targets: [Int] { blocks.filter(\.isTarget).map(\.snippet) }
}
