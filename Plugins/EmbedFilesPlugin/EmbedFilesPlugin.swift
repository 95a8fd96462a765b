import Foundation
import PackagePlugin

/// Embeds the folders docent carries inside itself into the target that uses each (the built-in theme into
/// DocentPipeline, the playground runtime's source into DocentExecute), as the generated `EmbeddedFiles` lists:
/// adding a file to one of the folders is all it takes to embed it. Into DocentExecute it also writes the digest of
/// the code that decides how an article's programs are built and run (DocentExecute and the runtime),
/// `EmbeddedFiles.executionCode`, which keys the caches, and the commit.
@main
struct EmbedFilesPlugin: BuildToolPlugin {
    /// One embedded folder: the target it is embedded into, the name of its list in `EmbeddedFiles`, its path in
    /// the package, and which of its files are embedded (by name suffix; `nil` for all but hidden ones).
    struct Folder {
        var target: String
        var list: String
        var path: String
        var suffix: String?
    }

    static let folders = [
        Folder(target: "DocentPipeline", list: "theme", path: "templates", suffix: nil),
        Folder(target: "DocentExecute", list: "runtime", path: "Sources/PlaygroundRuntime", suffix: ".swift"),
    ]

    /// The target that holds docent's build identity (`DocentBuild`): it gets `executionCode` and `commit`.
    static let identityTarget = "DocentExecute"

    /// The folders whose Swift files `EmbeddedFiles.executionCode` digests: what builds, sandboxes and runs an
    /// article's programs and reads what they did. A result cached by a docent whose code here differed is not reused.
    static let executionCode = ["Sources/DocentExecute", "Sources/PlaygroundRuntime"]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedFiles.swift")
        var arguments = [output.path]
        var inputs: [URL] = []
        let folders = Self.folders.filter { $0.target == target.name }
        for folder in folders {
            let root = context.package.directoryURL.appendingPathComponent(folder.path)
            arguments += ["--list", folder.list]
            for relative in try Self.files(under: root, suffix: folder.suffix) {
                let file = root.appendingPathComponent(relative)
                arguments += [relative, file.path]
                inputs.append(file)
            }
        }
        if target.name == Self.identityTarget {
            arguments += ["--digest", "executionCode"]
            for folder in Self.executionCode {
                let root = context.package.directoryURL.appendingPathComponent(folder)
                for relative in try Self.files(under: root, suffix: ".swift") {
                    let file = root.appendingPathComponent(relative)
                    arguments += ["\(folder)/\(relative)", file.path]
                    inputs.append(file)
                }
            }
            // A new commit changes the command's arguments, so the file is made again.
            arguments += ["--value", "commit", GitCommit.of(context.package.directoryURL)]
        }
        return [.buildCommand(displayName: "Embedding \(folders.map(\.path).joined(separator: " and ")) into \(target.name)",
                              executable: try context.tool(named: "EmbedFiles").url, arguments: arguments,
                              inputFiles: inputs, outputFiles: [output])]
    }

    /// The paths, relative to `root` and sorted, of the regular files under it that are not hidden.
    static func files(under root: URL, suffix: String?) throws -> [String] {
        let files = FileManager()
        guard let walker = files.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                            options: [.skipsHiddenFiles]) else { return [] }
        var found: [String] = []
        let prefix = root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        for case let url as URL in walker {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            if let suffix, !relative.hasSuffix(suffix) { continue }
            found.append(relative)
        }
        return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
