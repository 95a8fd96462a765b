import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Issue 36, failures 3 and 7: a root folder (content, templates, package, cache) that a symbolic link leads out of
/// the working folder is refused with an error at the path, naming where it leads; a place outside that the command
/// line names is the user's choice.
@Suite("Root folders: links leading out")
struct RootFolderTests {
    /// `work/` (the folder docent runs in) and `outside/` (a home folder holding a secret) side by side.
    private static func layout() throws -> (TemporaryFolder, work: String, outside: String) {
        let folder = try TemporaryFolder().write(["work/content/a.md": "# A\n", "outside/secret": "root only\n"])
        let real = ResolvedPath.resolve(folder.path, from: "/").real
        return (folder, "\(real)/work", "\(real)/outside")
    }

    private static func link(_ path: String, to target: String) throws {
        try FileManager().createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    @Test("--content naming a link that leads out is an error at the path, naming its target")
    func contentLink() throws {
        let (folder, work, outside) = try Self.layout()
        try Self.link("\(work)/Guides", to: outside)
        let problem = RootFolder("Guides", flag: "--content", given: true).problem(in: work)
        #expect(problem?.severity == .error)
        #expect(problem?.location == SourceLocation(path: "Guides"))
        #expect(problem?.message == "--content 'Guides' is, or passes through, a symbolic link leading out of the folder "
                + "docent runs in (\(work)), to '\(outside)'")
        #expect(problem?.notes.last?.hasSuffix("--content \(outside)") == true)
        _ = folder
    }

    @Test("a path through a linked folder (`docs/Guides`, `link/..`) is refused as well")
    func throughLink() throws {
        let (folder, work, outside) = try Self.layout()
        try FileManager().createDirectory(atPath: "\(outside)/Guides", withIntermediateDirectories: true)
        try Self.link("\(work)/docs", to: outside)
        #expect(RootFolder("docs/Guides", flag: "--content", given: true).problem(in: work)?.message.hasSuffix("to '\(outside)/Guides'") == true)
        #expect(RootFolder("docs/../content", flag: "--content", given: true).problem(in: work) != nil)
        #expect(RootFolder("\(work)/docs/Guides", flag: "--content", given: true).problem(in: work) != nil)
        _ = folder
    }

    @Test("a place outside the working folder named on the command line is allowed")
    func explicitOutside() throws {
        let (folder, work, outside) = try Self.layout()
        #expect(RootFolder(outside, flag: "--content", given: true).problem(in: work) == nil)
        #expect(RootFolder("../outside", flag: "--package", given: true).problem(in: work) == nil)
        #expect(RootFolder("content", flag: "--content", given: false).problem(in: work) == nil)
        #expect(RootFolder("\(work)/content", flag: "--content", given: true).problem(in: work) == nil)
        #expect(RootFolder(".docent-cache", flag: "--cache", given: false).problem(in: work) == nil)
        _ = folder
    }

    @Test("the default .docent-cache (or templates) as a link leading out is refused, beside an outside content folder too")
    func defaultCacheLink() throws {
        let (folder, work, outside) = try Self.layout()
        try Self.link("\(work)/.docent-cache", to: outside)
        let problem = RootFolder("\(work)/.docent-cache", flag: "--cache", given: false).problem(in: work)
        #expect(problem?.location == SourceLocation(path: "\(work)/.docent-cache"))
        #expect(problem?.message.hasSuffix("to '\(outside)'") == true)
        // Content named outside on purpose: its templates folder beside it must still not lead elsewhere.
        try FileManager().createDirectory(atPath: "\(outside)/site/content", withIntermediateDirectories: true)
        try Self.link("\(outside)/site/templates", to: work)
        #expect(RootFolder("\(outside)/site/content", flag: "--content", given: true).problem(in: work) == nil)
        #expect(RootFolder("\(outside)/site/templates", flag: "--templates", given: false).problem(in: work) != nil)
        _ = folder
    }

    @Test("a link on the way that leads nowhere is refused (docent would create the folder through it)")
    func danglingLink() throws {
        let (folder, work, outside) = try Self.layout()
        try Self.link("\(work)/.docent-cache", to: "\(outside)/new")
        let problem = RootFolder(".docent-cache", flag: "--cache", given: false).problem(in: work)
        #expect(problem?.location == SourceLocation(path: ".docent-cache"))
        #expect(problem?.id == .loadRootFolderDanglingLink)
        _ = folder
    }

    @Test("check reports every refused folder at once")
    func every() throws {
        let (folder, work, outside) = try Self.layout()
        try Self.link("\(work)/Guides", to: outside)
        try Self.link("\(work)/templates", to: outside)
        let found = diagnostics {
            try RootFolder.check([RootFolder("Guides", flag: "--content", given: true),
                                  RootFolder("templates", flag: "--templates", given: false)], in: work)
        }
        #expect(found.map(\.location?.path) == ["Guides", "templates"])
        _ = folder
    }

    @Test("a link in the templates folder leading out (assets → a home folder) is an error at the link")
    func templatesAssetsLink() throws {
        let (folder, work, outside) = try Self.layout()
        try FileManager().createDirectory(atPath: "\(work)/templates", withIntermediateDirectories: true)
        try Self.link("\(work)/templates/assets", to: outside)
        let found = diagnostics { _ = try TemplateLoader(fileSystem: LocalFileSystem()).load(from: "\(work)/templates") }
        #expect(found.map(\.location) == [SourceLocation(path: "\(work)/templates/assets")])
        #expect(found.map(\.id) == [.loadLinkLeavesTemplates])
        _ = folder
    }
}
