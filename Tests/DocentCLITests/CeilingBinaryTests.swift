import DocentCore
import Foundation
import Testing
@testable import DocentCLI

/// Issue 36, item 10, through the executable: `--max-time-limit` and `DOCENT_MAX_TIME_LIMIT` cap what site.yml may
/// ask for (exit 2, at the setting's line), and the help lists the ceilings.
@Suite("The docent executable: ceilings on content's limits")
struct CeilingBinaryTests {
    @Test("test --max-time-limit 5 with site.yml asking for 60: exit 2 at site.yml's line; the variable alike")
    func ceiling() throws {
        let workspace = try Workspace(fixture: "good")
        try Data("time-limit: 60\n".utf8).write(to: URL(fileURLWithPath: workspace.path + "/content/site.yml"))
        let option = try DocentBinary.run(["test", "--max-time-limit", "5"], in: workspace.path)
        #expect(option.status == 2)
        #expect(option.stderr.contains("content/site.yml:1:13: error: 'time-limit' asks for 60 seconds, over the ceiling of 5 seconds set by --max-time-limit"),
                "\(option.stderr)")
        let variable = try DocentBinary.run(["build", "--output", "out"], in: workspace.path, environment: ["DOCENT_MAX_TIME_LIMIT": "5"])
        #expect(variable.status == 2)
        #expect(variable.stderr.contains("set by the environment's DOCENT_MAX_TIME_LIMIT"), "\(variable.stderr)")
        let bad = try DocentBinary.run(["test", "--max-memory-limit", "lots"], in: workspace.path)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--max-memory-limit: 'memory-limit' must be a size"), "\(bad.stderr)")
    }

    @Test("every setting the table gives a ceiling has its option, read into the ceilings by its key")
    func everyCeilingHasAnOption() throws {
        for setting in ExecutionSettingTable.all where setting.hasCeiling {
            let value = try #require(setting.writtenDefault)
            let options = try ExecutionOptions.parse(["--\(ExecutionCeilings.option(for: setting.key))", value])
            #expect(options.ceilingOptions == [setting.key: value])
            #expect(try options.ceilings(environment: [:]).byKey[setting.key]?.origin == "--max-\(setting.key)")
        }
    }

    @Test("build, test and serve list the three ceilings in their help")
    func help() throws {
        for command in ["build", "test", "serve"] {
            let result = try DocentBinary.run([command, "--help"], in: FileManager().temporaryDirectory.path)
            for option in ["--max-time-limit", "--max-memory-limit", "--max-output-limit", "DOCENT_MAX_TIME_LIMIT"] {
                #expect(result.stdout.contains(option), "\(command): \(option)")
            }
        }
    }
}
