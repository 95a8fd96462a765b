import Foundation
import Testing

/// Issue 36, failures 3 and 7, through the executable: a content, templates or cache folder that is a link leading
/// out of the folder docent runs in stops the run with exit 2 and an error at the path, before anything is published.
@Suite("The docent executable: root folders that are links")
struct RootFolderBinaryTests {
    /// A workspace with `home/secret` beside it, standing for root's home folder.
    private static func workspace() throws -> (Workspace, home: String) {
        let workspace = try Workspace(fixture: "good")
        let home = workspace.path + "-home"
        try FileManager().createDirectory(atPath: home, withIntermediateDirectories: true)
        try Data("root only\n".utf8).write(to: URL(fileURLWithPath: home + "/secret.md"))
        let real = URL(fileURLWithPath: home).resolvingSymlinksInPath().path
        return (workspace, real)
    }

    @Test("build --content Guides, Guides a link to a home folder: exit 2, the secret not published")
    func contentLink() throws {
        let (workspace, home) = try Self.workspace()
        defer { try? FileManager().removeItem(atPath: home) }
        try FileManager().createSymbolicLink(atPath: workspace.path + "/Guides", withDestinationPath: home)
        let result = try DocentBinary.run(["build", "--content", "Guides", "--output", "out"], in: workspace.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Guides:1:1: error: --content 'Guides' is, or passes through, a symbolic link leading out"))
        #expect(result.stderr.contains("to '\(home)'"))
        #expect(!FileManager().fileExists(atPath: workspace.path + "/out"))
        // Named outright, the same place is the user's choice.
        let named = try DocentBinary.run(["test", "--content", home], in: workspace.path)
        #expect(!named.stderr.contains("symbolic link"), "\(named.stderr)")
    }

    @Test("a templates folder that is a link leading out: build exits 2 at templates")
    func templatesLink() throws {
        let (workspace, home) = try Self.workspace()
        defer { try? FileManager().removeItem(atPath: home) }
        try FileManager().removeItem(atPath: workspace.path + "/templates")
        try FileManager().createSymbolicLink(atPath: workspace.path + "/templates", withDestinationPath: home)
        let result = try DocentBinary.run(["build", "--output", "out"], in: workspace.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("templates:1:1: error: --templates 'templates' is, or passes through, a symbolic link"))
    }

    @Test("a committed .docent-cache link leading out: test exits 2 and writes nothing there")
    func cacheLink() throws {
        let (workspace, home) = try Self.workspace()
        defer { try? FileManager().removeItem(atPath: home) }
        try FileManager().createSymbolicLink(atPath: workspace.path + "/.docent-cache", withDestinationPath: home)
        let result = try DocentBinary.run(["test"], in: workspace.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("/.docent-cache:1:1: error: --cache '"))
        #expect(try FileManager().contentsOfDirectory(atPath: home) == ["secret.md"])
    }
}
