import DocentCore
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// What docent takes from SwiftPM: the import flags of the wrapper's compile, the library products' modules, and
/// the package copy kept in step with the package.
struct PackageBuildFlagsTests {
    private let plan = #"""
        commands:
          "C.Other-x86_64-unknown-linux-gnu-debug.module":
            tool: shell
            description: "Compiling Swift Module 'Other' (1 sources)"
            args: ["/opt/swift/usr/bin/swiftc","-module-name","Other","-I","/wrong"]

          "C.DocentPackageLink-x86_64-unknown-linux-gnu-debug.module":
            tool: shell
            inputs: ["/w/wrapper/Sources/DocentPackageLink/DocentPackageLink.swift"]
            description: "Compiling Swift Module 'DocentPackageLink' (1 sources)"
            args: ["/opt/swift/usr/bin/swiftc","-module-name","DocentPackageLink","-emit-module","-I","/b/debug/Modules","-target","x86_64-unknown-linux-gnu","-Onone","-DSWIFT_PACKAGE","-Xcc","-fmodule-map-file=/b/debug/CShapes.build/module.modulemap","-Xcc","-I","-Xcc","/w/pkg/Sources/CShapes/include","-module-cache-path","/b/debug/ModuleCache","-swift-version","5","-Xcc","-fPIC","-Xcc","-g","-load-plugin-executable","/b/debug/Macros-tool#Macros","-Xfrontend","-load-plugin-executable","-Xfrontend","/b/debug/Doubling-tool#DoublingMacros","-Xfrontend","-enable-experimental-feature","-package-name","wrapper"]
        """#

    @Test func keepsWhatAnImportNeedsFromTheWrappersCompile() throws {
        let flags = try PackageBuildFlags.importArguments(plan: plan, module: "DocentPackageLink")
        #expect(flags == ["-I", "/b/debug/Modules",
                          "-Xcc", "-fmodule-map-file=/b/debug/CShapes.build/module.modulemap",
                          "-Xcc", "-I", "-Xcc", "/w/pkg/Sources/CShapes/include",
                          "-load-plugin-executable", "/b/debug/Macros-tool#Macros",
                          "-Xfrontend", "-load-plugin-executable", "-Xfrontend", "/b/debug/Doubling-tool#DoublingMacros"])
    }

    @Test func aPlanWithoutTheWrappersCompileIsAnError() {
        #expect(throws: DiagnosticError.self) {
            try PackageBuildFlags.importArguments(plan: "commands:\n", module: "DocentPackageLink")
        }
    }

    @Test func libraryModulesComeFromLibraryProductsOnly() throws {
        let json = #"""
            {"name": "ShapesKit",
             "products": [{"name": "Shapes", "targets": ["Shapes"], "type": {"library": ["automatic"]}},
                          {"name": "shapes-tool", "targets": ["Tool"], "type": {"executable": null}},
                          {"name": "Runs", "targets": ["Runs", "Shapes"], "type": {"library": ["dynamic"]}}],
             "targets": [{"name": "Shapes", "c99_name": "Shapes"}, {"name": "Tool", "c99_name": "Tool"},
                         {"name": "Runs", "c99_name": "Runs"}, {"name": "my-lib", "c99_name": "my_lib"}]}
            """#
        let manifest = try PackageManifest(describeJSON: Data(json.utf8))
        #expect(manifest.libraryProducts == ["Shapes", "Runs"])
        #expect(manifest.libraryModules == ["Shapes", "Runs"])
    }

    @Test func theWrapperDependsOnEveryLibraryProductByPath() {
        let wrapper = PackageLinkWrapper(dependencyFolder: "/tmp/w/documented-package", products: ["Shapes", "Runs"])
        #expect(wrapper.manifest.contains(#".package(path: "/tmp/w/documented-package")"#))
        #expect(wrapper.manifest.contains(#".product(name: "Shapes", package: "documented-package"), .product(name: "Runs", package: "documented-package")"#))
        #expect(wrapper.manifest.contains("type: .dynamic"))
    }
}

/// The package's copy: what is copied, what is left out, and what changes its hashes.
struct PackageTreeTests {
    private func folder() throws -> String {
        let root = NSTemporaryDirectory() + "docent-tree-\(UUID().uuidString)"
        try FileManager().createDirectory(atPath: "\(root)/Sources/A", withIntermediateDirectories: true)
        try FileManager().createDirectory(atPath: "\(root)/.build/debug", withIntermediateDirectories: true)
        try FileManager().createDirectory(atPath: "\(root)/site", withIntermediateDirectories: true)
        try "let package = 1".write(toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
        try "public let a = 1".write(toFile: "\(root)/Sources/A/A.swift", atomically: true, encoding: .utf8)
        try "built".write(toFile: "\(root)/.build/debug/x.o", atomically: true, encoding: .utf8)
        try "<html>".write(toFile: "\(root)/site/index.html", atomically: true, encoding: .utf8)
        return root
    }

    @Test func hiddenAndExcludedFoldersAreLeftOut() throws {
        let root = try folder()
        defer { try? FileManager().removeItem(atPath: root) }
        let tree = try PackageTree(scanning: root, excluding: ["\(root)/site"])
        #expect(tree.entries.map(\.path) == ["Package.swift", "Sources", "Sources/A", "Sources/A/A.swift"])
        // A site docent wrote is left out wherever it is, by its mark.
        try FileManager().createDirectory(atPath: "\(root)/Sources/built", withIntermediateDirectories: true)
        try "".write(toFile: "\(root)/Sources/built/\(SiteWriter.marker)", atomically: true, encoding: .utf8)
        #expect(try PackageTree(scanning: root, excluding: []).entries.map(\.path).contains("Sources/built") == false)
        // Hidden files added inside a folder (a cache beside the content) change nothing.
        let before = try PackageTree(scanning: root, excluding: []).hash
        try FileManager().createDirectory(atPath: "\(root)/Sources/A/.docent-cache", withIntermediateDirectories: true)
        #expect(try PackageTree(scanning: root, excluding: []).hash == before)
    }

    @Test func theCopyFollowsEditsAdditionsAndRemovals() throws {
        let root = try folder()
        let copy = NSTemporaryDirectory() + "docent-copy-\(UUID().uuidString)"
        defer { for path in [root, copy] { try? FileManager().removeItem(atPath: path) } }
        try PackageTree(scanning: root, excluding: []).mirror(from: root, into: copy)
        #expect(try String(contentsOfFile: "\(copy)/Sources/A/A.swift", encoding: .utf8) == "public let a = 1")
        #expect(!FileManager().fileExists(atPath: "\(copy)/.build"))

        let before = try PackageTree(scanning: root, excluding: [])
        try "public let a = 22".write(toFile: "\(root)/Sources/A/A.swift", atomically: true, encoding: .utf8)
        try "public let b = 2".write(toFile: "\(root)/Sources/A/B.swift", atomically: true, encoding: .utf8)
        try FileManager().removeItem(atPath: "\(root)/site")
        let after = try PackageTree(scanning: root, excluding: [])
        #expect(before.hash != after.hash)
        #expect(before.manifestHash == after.manifestHash, "the manifest did not change")
        try after.mirror(from: root, into: copy)
        #expect(try String(contentsOfFile: "\(copy)/Sources/A/A.swift", encoding: .utf8) == "public let a = 22")
        #expect(FileManager().fileExists(atPath: "\(copy)/Sources/A/B.swift"))
        #expect(!FileManager().fileExists(atPath: "\(copy)/site"))
        #expect(try PackageTree(scanning: copy, excluding: []).entries.map(\.path) == after.entries.map(\.path))
    }

    @Test("a link inside the package is copied as a link; one leading out is refused, at the link, never copied or followed")
    func linksAreCopiedOnlyInside() throws {
        let root = try folder()
        let copy = NSTemporaryDirectory() + "docent-copy-\(UUID().uuidString)"
        defer { for path in [root, copy] { try? FileManager().removeItem(atPath: path) } }
        try FileManager().createSymbolicLink(atPath: "\(root)/Sources/B", withDestinationPath: "A")
        try PackageTree(scanning: root, excluding: []).mirror(from: root, into: copy)
        #expect(try FileManager().destinationOfSymbolicLink(atPath: "\(copy)/Sources/B") == "A")
        try FileManager().createSymbolicLink(atPath: "\(root)/secret", withDestinationPath: "/etc/shadow")
        let error = #expect(throws: DiagnosticError.self) { try PackageTree(scanning: root, excluding: []).mirror(from: root, into: copy) }
        #expect(error?.diagnostics.map { $0.location?.path } == ["\(root)/secret"])
        #expect(error?.diagnostics.first?.message.contains("/etc/shadow") == true)
        #expect(!FileManager().fileExists(atPath: "\(copy)/secret"))
    }
}

/// Which of the package's modules an article imports when it names none in `imports:`.
struct PackageImportsTests {
    private func records(_ blocks: [String]) throws -> [SnippetRecord] {
        let markdown = blocks.map { "```swift\n\($0)\n```\n" }.joined(separator: "\n")
        return try SnippetExtractor().extract(try parsedArticle("# A\n\n" + markdown, path: "content/a.md")).map { SnippetRecord(snippet: $0, facts: BlockFacts()) }
    }

    @Test func everyLibraryModuleUnlessTheArticleImportsSomeItself() throws {
        let modules = ["OrderedCollections", "DequeModule", "Collections"]
        #expect(PackageImports.defaults(packageModules: modules, snippets: try records(["let a = 1", "import Foundation"])) == modules)
        let chosen = try records(["import OrderedCollections\n\n@frozen struct OrderedSet<Element: Hashable>", "let s: OrderedSet = [1]"])
        #expect(PackageImports.defaults(packageModules: modules, snippets: chosen) == ["OrderedCollections"])
    }

    @Test func importLinesAreReadWithAttributesKindsAndSubmodules() {
        #expect(PackageImports.importedModule(in: "@testable import Algorithms") == "Algorithms")
        #expect(PackageImports.importedModule(in: "  import struct DequeModule.Deque") == "DequeModule")
        #expect(PackageImports.importedModule(in: "import Foundation.NSString") == "Foundation")
        #expect(PackageImports.importedModule(in: "let imported = 1") == nil)
        #expect(PackageImports.importedModule(in: "// import Algorithms") == nil)
    }
}

/// Where the package is: `--package` against the working folder, site.yml's `package:` against the content folder.
struct PackageLocationTests {
    @Test func siteYmlNamesThePackageRelativeToTheContentFolder() throws {
        let root = NSTemporaryDirectory() + "docent-location-\(UUID().uuidString)"
        defer { try? FileManager().removeItem(atPath: root) }
        try FileManager().createDirectory(atPath: "\(root)/Guides", withIntermediateDirectories: true)
        try "// swift-tools-version:5.9".write(toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
        let config = try SiteConfigParser.parse(SourceFile(path: "\(root)/Guides/site.yml", relativePath: "site.yml", text: "package: ..\n"))
        #expect(config.package == "..")
        let request = try PackageLocation(content: "\(root)/Guides", excluded: ["\(root)/site"], workingDirectory: root).request(site: config)
        #expect(request?.folder == root)
        #expect(request?.excluded == ["\(root)/site"])
        #expect(try PackageLocation(content: "\(root)/Guides").request(site: SiteConfig()) == nil)

        var missing = config
        missing.package = "Nowhere"
        let error = #expect(throws: DiagnosticError.self) {
            try PackageLocation(content: "\(root)/Guides", workingDirectory: root).request(site: missing)
        }
        #expect(error?.diagnostics.first?.location?.path == "\(root)/Guides/site.yml")
    }

    /// The content chooses site.yml's `package:`, so it may not name a package outside the folder docent runs in,
    /// by a path or through a link; the command line may (`RootFolder` checks `--package`).
    @Test func siteYmlCannotNameAPackageOutsideTheWorkingFolder() throws {
        let root = NSTemporaryDirectory() + "docent-location-\(UUID().uuidString)"
        let outside = NSTemporaryDirectory() + "docent-outside-\(UUID().uuidString)"
        defer { for folder in [root, outside] { try? FileManager().removeItem(atPath: folder) } }
        for folder in ["\(root)/work/Guides", outside] { try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true) }
        for folder in [root, outside] {
            try "// swift-tools-version:5.9".write(toFile: "\(folder)/Package.swift", atomically: true, encoding: .utf8)
        }
        try FileManager().createSymbolicLink(atPath: "\(root)/work/Guides/pkg", withDestinationPath: outside)
        for package in [outside, "../..", "pkg"] {
            var config = SiteConfig()
            config.package = package
            let error = #expect(throws: DiagnosticError.self, "package: \(package)") {
                try PackageLocation(content: "\(root)/work/Guides", workingDirectory: "\(root)/work").request(site: config)
            }
            #expect(error?.diagnostics.first?.location?.path == "\(root)/work/Guides/site.yml")
            #expect(error?.diagnostics.map(\.id) == [PackageDiagnostics.ID.outsideWorkFolder])
        }
        #expect(try PackageLocation(given: outside, content: "\(root)/work/Guides", workingDirectory: "\(root)/work")
            .request(site: SiteConfig())?.folder == outside)
    }
}
