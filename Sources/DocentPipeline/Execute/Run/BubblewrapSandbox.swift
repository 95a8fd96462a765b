import Foundation

/// Runs article programs under bubblewrap: new user, PID, network, IPC, UTS and cgroup namespaces (no network, no
/// view of docent's processes), a read-only view of the system's programs and libraries only, an empty `/tmp`,
/// and nothing of the project, the content, the cache or the user's home. The only writable places are the run's
/// scratch folder and its results file; the environment is exactly the program's. It dies with docent.
///
/// ```swift
/// let folders = BubblewrapSandbox.systemFolders(runtimeLibraries: ["/opt/swift/usr/lib/swift/linux"])
/// let sandbox = BubblewrapSandbox(bwrap: "/usr/bin/bwrap", systemFolders: folders)
/// let command = sandbox.wrap(ProgramCommand(executable: program, environment: variables),
///                            readOnly: [program], writable: [scratch, results], workingDirectory: scratch)
/// ```
public struct BubblewrapSandbox: Sendable, Hashable {
    public var bwrap: String
    /// Folders mounted read-only at the same place (the system's and the Swift toolchain's libraries).
    public var systemFolders: [String]

    public init(bwrap: String, systemFolders: [String]) {
        self.bwrap = bwrap
        self.systemFolders = systemFolders
    }

    /// `/usr`, `/lib*`, `/bin`, `/sbin` where they exist, and the folders the toolchain's programs load the Swift
    /// runtime from when they are elsewhere (`swiftc -print-target-info`'s runtime library paths).
    public static func systemFolders(runtimeLibraries: [String],
                                     fileExists: (String) -> Bool = { FileManager().fileExists(atPath: $0) }) -> [String] {
        var folders = ["/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin"].filter(fileExists)
        for library in runtimeLibraries where fileExists(library) {
            let resolved = URL(fileURLWithPath: library).resolvingSymlinksInPath().path
            if !folders.contains(where: { resolved == $0 || resolved.hasPrefix($0 + "/") }) { folders.append(resolved) }
        }
        return folders
    }

    public func wrap(_ command: ProgramCommand, readOnly: [String], writable: [String],
                     workingDirectory: String) -> ProgramCommand {
        var arguments = ["--die-with-parent", "--new-session", "--unshare-all", "--hostname", "docent",
                         "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
        for folder in systemFolders { arguments += ["--ro-bind", folder, folder] }
        for path in writable { arguments += ["--bind", path, path] }
        for path in readOnly { arguments += ["--ro-bind", path, path] }
        arguments += ["--chdir", workingDirectory, "--clearenv"]
        for (name, value) in command.environment.sorted(by: { $0.key < $1.key }) { arguments += ["--setenv", name, value] }
        arguments += ["--", command.executable] + command.arguments
        return ProgramCommand(executable: bwrap, arguments: arguments, environment: [:])
    }

    /// Whether bubblewrap can start here (user namespaces may be forbidden): runs `true` inside it once.
    public func works(processRunner: any ProcessRunning, temporaryDirectory: String) -> Bool {
        let command = wrap(ProgramCommand(executable: "/bin/true"), readOnly: [], writable: [], workingDirectory: "/")
        let outcome = try? processRunner.run(executable: command.executable, arguments: command.arguments, environment: [:],
                                             workingDirectory: temporaryDirectory, timeLimit: 30, stdoutFile: nil)
        return outcome?.succeeded == true
    }
}
