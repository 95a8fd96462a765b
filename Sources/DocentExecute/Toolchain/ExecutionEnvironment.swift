import Foundation

/// Where the Execute stage finds its tools and keeps its files, resolved once from the user's environment
/// (`SWIFTC`, `PATH`, `DOCENT_CACHE_DIR`, `XDG_CACHE_HOME`, `HOME`, `TMPDIR`, `DOCENT_LIBFAKETIME`), with the
/// sandbox (`bwrap`, and `setpriv` for leaving root) and resource-limit (`prlimit`) tools found on `PATH`, and
/// whether docent runs as root.
public struct ExecutionEnvironment: Sendable, Hashable {
    /// The compiler: `SWIFTC`, or `swiftc` found on `PATH`; `nil` when there is none.
    public var swiftc: String?
    /// Where the compiled runtime and support modules are kept between builds.
    public var cacheDirectory: String
    /// The user's home folder (`HOME`), where `git config` finds the user's settings; `nil` when unset.
    public var home: String?
    /// Where each article's program is built and run.
    public var temporaryDirectory: String
    /// The `PATH` programs run with.
    public var path: String
    /// libfaketime, for articles with a frozen `now`; `nil` when it is not installed.
    public var libfaketime: String?
    /// bubblewrap, which sandboxes article programs; `nil` when it is not installed.
    public var bwrap: String?
    /// util-linux's `setpriv`, which starts the sandbox as an unprivileged user when docent is root; `nil` when it
    /// is not installed.
    public var setpriv: String?
    /// Whether docent's effective user id is 0 (then the sandbox is started as `nobody` through `setpriv`).
    public var runsAsRoot: Bool
    /// util-linux's `prlimit`, which sets programs' resource limits; `nil` when it is not installed.
    public var prlimit: String?
    /// Whether article programs should run in the sandbox (`--no-sandbox` turns it off).
    public var usesSandbox = true
    /// Whether a run's programs are compiled into merged executables (`--no-merge` turns it off).
    public var merges = true
    /// When set, every program compiled is also written here with its `swiftc` arguments (for benchmarks and
    /// for reproducing a compiler problem by hand): `<dir>/<article path, / as _>/<program>/main.swift` and `command.txt`.
    public var emitProgramsDirectory: String?

    public init(swiftc: String?, cacheDirectory: String, temporaryDirectory: String, path: String, libfaketime: String?,
                bwrap: String? = nil, prlimit: String? = nil, setpriv: String? = nil, runsAsRoot: Bool = false) {
        self.swiftc = swiftc
        self.cacheDirectory = cacheDirectory
        self.temporaryDirectory = temporaryDirectory
        self.path = path
        self.libfaketime = libfaketime
        self.bwrap = bwrap
        self.prlimit = prlimit
        self.setpriv = setpriv
        self.runsAsRoot = runsAsRoot
    }

    /// Resolves everything from environment variables; pass `ProcessInfo.processInfo.environment`. `effectiveUserID`
    /// is docent's own (`geteuid()`) unless given.
    public init(environment: [String: String], effectiveUserID: UInt32 = geteuid()) {
        let files = FileManager()
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let swiftc = environment["SWIFTC"].flatMap { $0.isEmpty ? nil : $0 }
            ?? path.split(separator: ":").map { "\($0)/swiftc" }.first { files.isExecutableFile(atPath: $0) }
        let cache: String
        if let dir = environment["DOCENT_CACHE_DIR"], !dir.isEmpty {
            cache = dir
        } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            cache = xdg + "/docent"
        } else if let home = environment["HOME"], !home.isEmpty {
            cache = home + "/.cache/docent"
        } else {
            // A shared folder: named for the user, and checked to be theirs before use (`CacheSecretStore`).
            cache = (environment["TMPDIR"] ?? "/tmp") + "/docent-cache-\(effectiveUserID)"
        }
        let candidates = [environment["DOCENT_LIBFAKETIME"]].compactMap { $0 } + Self.libfaketimeCandidates(files)
        func onPath(_ name: String) -> String? {
            (path.split(separator: ":").map { "\($0)/\(name)" } + ["/usr/bin/\(name)"]).first { files.isExecutableFile(atPath: $0) }
        }
        self.init(swiftc: swiftc, cacheDirectory: cache, temporaryDirectory: environment["TMPDIR"] ?? "/tmp", path: path,
                  libfaketime: candidates.first { files.fileExists(atPath: $0) }, bwrap: onPath("bwrap"),
                  prlimit: onPath("prlimit"), setpriv: onPath("setpriv"), runsAsRoot: effectiveUserID == 0)
        home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `/usr/lib/<arch>/faketime/libfaketime.so.1` for every architecture folder, then the other usual places.
    private static func libfaketimeCandidates(_ files: FileManager) -> [String] {
        let architectures = ((try? files.contentsOfDirectory(atPath: "/usr/lib")) ?? []).sorted()
        return architectures.map { "/usr/lib/\($0)/faketime/libfaketime.so.1" }
            + ["/usr/lib/faketime/libfaketime.so.1", "/usr/local/lib/faketime/libfaketime.so.1"]
    }
}
