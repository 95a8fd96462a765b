// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Docent",
    // Linux only (bubblewrap, /proc, Glibc): Sources/DocentMarkdown/LinuxOnly.swift stops a build anywhere else.
    products: [
        .executable(name: "docent", targets: ["docent"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // NIOPosix's thread pool reads the files `docent serve` streams (Hummingbird is built on it).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    ],
    targets: [
        // libcmark from the system (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // The only module that talks to cmark: Markdown → immutable Swift tree, and HTML rendering.
        .target(name: "DocentMarkdown", dependencies: ["CCMark"]),
        // Value types shared by every stage.
        .target(name: "DocentCore", dependencies: ["DocentMarkdown"]),
        // What the playground transform calls inside article programs. Built and tested here like any module;
        // `docent` embeds the same files (DocentPipeline's resources) and compiles them for article programs.
        .target(name: "PlaygroundRuntime", swiftSettings: [.swiftLanguageMode(.v5)]),
        // The only users of swift-syntax: block analysis (declarations, hoisting, `// =>`, `// Prints`), highlighting.
        .target(
            name: "DocentSwift",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The Execute stage's work, a folder per concern: planning, merging, the per-article fallback, running, the
        // sandbox, processes, the result cache, the toolchain and the documented package's build.
        .target(
            name: "DocentExecute",
            dependencies: [
                "DocentCore",
                "DocentMarkdown",
                "DocentSwift",
            ],
            // The playground runtime's source (Sources/PlaygroundRuntime, which `docent` compiles itself, once per
            // toolchain), embedded whole by EmbedFilesPlugin, with the digest of the execution code and the commit.
            plugins: ["EmbedFilesPlugin"]
        ),
        // Load → Parse → Extract → Execute → Weave → Render → Write.
        .target(
            name: "DocentPipeline",
            dependencies: [
                "DocentCore",
                "DocentExecute",
                "DocentMarkdown",
                "DocentSwift",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // The built-in theme (templates/), embedded whole by EmbedFilesPlugin: a new file is embedded with no
            // list to edit.
            plugins: ["EmbedFilesPlugin"]
        ),
        // `docent serve`: the preview server (Hummingbird), change watching, rebuilds and live reload.
        .target(
            name: "DocentServe",
            dependencies: [
                "DocentCore",
                "DocentExecute",
                "DocentPipeline",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The command line: options, validation, exit codes.
        .target(
            name: "DocentCLI",
            dependencies: [
                "DocentCore",
                "DocentExecute",
                "DocentPipeline",
                "DocentServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(name: "docent", dependencies: ["DocentCLI"]),

        // Embeds the files of whole folders into DocentPipeline and DocentExecute (see the plugin for which folders),
        // as generated lists.
        .plugin(name: "EmbedFilesPlugin", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .executableTarget(name: "EmbedFiles", path: "Plugins/EmbedFiles"),

        // The tutorials' own support module (content/_support), built here too so its unit tests run;
        // `docent` compiles the same files for the articles, as `support-module` in content/site.yml names it.
        .target(name: "TutorialSupport", path: "content/_support"),

        .testTarget(name: "DocentMarkdownTests", dependencies: ["DocentMarkdown", "DocentTestSupport"], resources: [.copy("Fixtures")]),
        // Helpers every test target may use: the one list of test tags (Swift Testing's `Tag`s) and a seeded random
        // number generator.
        .target(name: "DocentTestSupport", path: "Tests/DocentTestSupport"),
        // Helpers for the suites that drive the pipeline: an in-memory file system behind the pipeline's `FileSystem`
        // seam. Apart from DocentTestSupport, so the test targets that never use the pipeline never wait for it.
        .target(name: "DocentPipelineTestSupport", dependencies: ["DocentCore", "DocentPipeline"],
                path: "Tests/DocentPipelineTestSupport"),
        .testTarget(name: "DocentPipelineTests", dependencies: ["DocentPipeline", "DocentExecute", "DocentCore", "PlaygroundRuntime", "DocentTestSupport",
                                                             "DocentPipelineTestSupport"],
                    resources: [.copy("Fixtures")]),
        // DocentExecute's own suites, in folders mirroring its sources; the Execute suites that run articles through
        // the pipeline's test support (ExecuteArticle) are in DocentPipelineTests/Execute/, so this target never
        // waits for the pipeline.
        .testTarget(name: "DocentExecuteTests", dependencies: ["DocentExecute", "DocentCore", "DocentSwift", "PlaygroundRuntime",
                                                            "DocentTestSupport"]),
        .testTarget(name: "DocentCLITests", dependencies: ["DocentCLI", "docent", "DocentTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TutorialSupportTests", dependencies: ["TutorialSupport", "DocentTestSupport"]),
        .testTarget(name: "PlaygroundRuntimeTests", dependencies: ["PlaygroundRuntime", "DocentTestSupport"]),
        .testTarget(name: "DocentSwiftTests", dependencies: ["DocentSwift", "DocentTestSupport"]),
        .testTarget(name: "DocentServeTests", dependencies: ["DocentServe", "DocentPipeline", "DocentExecute", "DocentCore",
                                                          "DocentTestSupport", "DocentPipelineTestSupport"]),
    ]
)
