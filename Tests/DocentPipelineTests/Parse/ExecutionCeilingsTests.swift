import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Issue 36, item 10: ceilings the command line (or the environment) sets on `time-limit`, `memory-limit` and
/// `output-limit`; content asking for more is an error at the setting's line, and a default above one is lowered.
@Suite("Execution ceilings")
struct ExecutionCeilingsTests {
    private static let siteFile = "content/site.yml"

    private func parse(_ yaml: String?, _ ceilings: ExecutionCeilings) -> (SiteConfig?, [Diagnostic]) {
        var config: SiteConfig?
        let found = diagnostics {
            config = try SiteConfigParser.parse(yaml.map { SourceFile(path: Self.siteFile, relativePath: "site.yml", text: $0) },
                                                ceilings: ceilings)
        }
        return (config, found)
    }

    @Test("the settings with a ceiling are the three run limits, named from the table")
    func table() {
        #expect(ExecutionSettingTable.all.filter(\.hasCeiling).map(\.key) == ["time-limit", "output-limit", "memory-limit"])
        #expect(ExecutionCeilings.option(for: "memory-limit") == "max-memory-limit")
        #expect(ExecutionCeilings.variable(for: "memory-limit") == "DOCENT_MAX_MEMORY_LIMIT")
    }

    @Test("site.yml asking for more than a ceiling: an error at the value, naming the ceiling and its origin")
    func overCeiling() throws {
        let ceilings = try ExecutionCeilings.read(options: ["time-limit": "30"],
                                                  environment: ["DOCENT_MAX_MEMORY_LIMIT": "1 GiB", "DOCENT_MAX_TIME_LIMIT": "3600"])
        let (_, found) = parse("title: T\ntime-limit: 600\nmemory-limit: 4 GiB\noutput-limit: 64 MiB\n", ceilings)
        #expect(found.map(\.location?.description) == ["content/site.yml:2:13", "content/site.yml:3:15"])
        #expect(found.map(\.message) == [
            "'time-limit' asks for 600 seconds, over the ceiling of 30 seconds set by --max-time-limit",
            "'memory-limit' asks for 4 GiB, over the ceiling of 1 GiB set by the environment's DOCENT_MAX_MEMORY_LIMIT",
        ])
    }

    @Test("values at or under a ceiling are kept; defaults above one are lowered to it")
    func underAndDefaults() throws {
        let ceilings = try ExecutionCeilings.read(options: ["memory-limit": "1 GiB", "output-limit": "1 MiB"], environment: [:])
        let (config, found) = parse("time-limit: 600\nmemory-limit: 1 GiB\n", ceilings)
        #expect(found.isEmpty)
        let settings = ExecutionSettings.resolve(site: try #require(config).execution, article: ExecutionOverrides())
        #expect(settings.timeLimit == 600)
        #expect(settings.memoryLimit == 1 << 30)
        #expect(settings.outputLimit == 65536)  // the default is under the ceiling
        let (none, _) = parse(nil, ceilings)
        #expect(ExecutionSettings.resolve(site: try #require(none).execution, article: ExecutionOverrides()).memoryLimit == 1 << 30)
    }

    @Test("an unreadable ceiling is an error naming the option or variable")
    func unreadable() {
        let found = diagnostics {
            _ = try ExecutionCeilings.read(options: ["time-limit": "forever"], environment: ["DOCENT_MAX_OUTPUT_LIMIT": "1 TiB"])
        }
        #expect(found.map(\.message) == [
            "--max-time-limit: 'time-limit' must be a number of seconds from 0.1 to 3600, not 'forever'",
            "the environment's DOCENT_MAX_OUTPUT_LIMIT: 'output-limit' must be a size from 1 bytes to 64 MiB, not '1 TiB'",
        ])
    }

    @Test("a build with a ceiling stops at site.yml before anything runs")
    func pipeline() throws {
        let folder = try TemporaryFolder().write(["content/a.md": article(), "content/site.yml": "output-limit: 64 MiB\n"])
        var configuration = BuildConfiguration(contentDirectory: "\(folder.path)/content", outputDirectory: "\(folder.path)/site")
        configuration.ceilings = try ExecutionCeilings.read(options: [:], environment: ["DOCENT_MAX_OUTPUT_LIMIT": "1 MiB"])
        let found = diagnostics {
            _ = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: FakeRunner(), searchIndexer: nil)
                .build(configuration)
        }
        #expect(found.map(\.location?.description) == ["\(folder.path)/content/site.yml:1:15"])
        #expect(!FileManager().fileExists(atPath: "\(folder.path)/site"))
    }
}
