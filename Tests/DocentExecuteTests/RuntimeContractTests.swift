import DocentCore
import DocentSwift
import Foundation
import Testing
@testable import DocentExecute
@testable import PlaygroundRuntime

/// The constants and files the pipeline and the playground runtime must agree on. Both modules compile their own
/// copy of `RuntimeContract`, so names here say which one they mean.
@Suite struct RuntimeContractTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardized.path
    static let runtimeFolder = "\(sources)/PlaygroundRuntime"

    @Test func programLinesStartWhereTheRuntimeStartsRecording() {
        #expect(ProgramLines.stride == DocentRecorder.firstArticleLine)
        #expect(ProgramLines.stride == 100_000)
    }

    @Test func docentEmbedsEveryFileOfTheRuntimeTarget() throws {
        let files = try FileManager().contentsOfDirectory(atPath: Self.runtimeFolder).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(RuntimeSource.files.map(\.name).sorted() == files)
        for file in RuntimeSource.files {
            #expect(file.text == (try String(contentsOfFile: "\(Self.runtimeFolder)/\(file.name)", encoding: .utf8)))
        }
    }

    @Test func everyModuleCompilesTheRuntimesOwnContractFile() throws {
        let original = "\(Self.runtimeFolder)/RuntimeContract.swift"
        #expect(RuntimeSource.files.contains { $0.name == "RuntimeContract.swift" })
        for link in ["DocentExecute/RuntimeContract.swift", "DocentSwift/RuntimeContract.swift"] {
            let path = "\(Self.sources)/\(link)"
            let attributes = try FileManager().attributesOfItem(atPath: path)
            #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "\(link) must link to \(original)")
            #expect(URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                    == URL(fileURLWithPath: original).resolvingSymlinksInPath().path)
        }
    }

    @Test func theRuntimeReadsTheEnvironmentTheExecutorGivesIt() throws {
        let settings = ExecutionSettings(timeZone: "Europe/Paris", locale: "fr_FR", outputLimit: 1234)
        var variables = try ProgramEnvironment(settings: settings, path: "/usr/bin", libfaketime: nil)
            .variables(directory: "/tmp/run", snippetCount: 3)
        variables[LocalProgramExecutor.channelVariable] = "1"
        let read = RuntimeSettings(environment: variables)
        #expect(read.hasChannel)
        #expect(read.timeZone == "Europe/Paris")
        #expect(read.locale == "fr_FR")
        #expect(read.fileSizeLimit == 16 << 20)
        #expect(RuntimeSettings(environment: [:])
                == RuntimeSettings(environment: ["PATH": "/usr/bin"]))
        #expect(!RuntimeSettings(environment: [:]).hasChannel)
        #expect(!variables.keys.contains { $0.contains("RESULTS") || $0.contains("OUTPUT") },
                "no path to the results and no limit the program could read: Docent holds both")
    }

    @Test func theRecordKindsAreSpelledAsTheFormatSays() {
        let names = PlaygroundRuntime.RuntimeContract.RecordKind.allCases.map { "\($0.name)" }
        #expect(names == ["snippet", "value", "truncated", "trap", "end", "test", "testStarted"])
        for kind in DocentExecute.RuntimeContract.RecordKind.allCases {
            #expect(DocentExecute.RuntimeContract.RecordKind(name: "\(kind.name)") == kind)
        }
        #expect(DocentExecute.RuntimeContract.RecordKind(name: "snippets") == nil)
        #expect(DocentExecute.RuntimeContract.RecordKind(name: "") == nil)
    }

    @Test func theEntryPointsDocentCallsExistAndAreReserved() throws {
        let entryPoints = try String(contentsOfFile: "\(Self.runtimeFolder)/PlaygroundEntryPoints.swift", encoding: .utf8)
        let contract = DocentExecute.RuntimeContract.self
        let declared = entryPoints.split(separator: "\n").filter { $0.hasPrefix("public func ") }
            .map { String($0.dropFirst("public func ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }) }
        #expect(declared.count == 10)
        for name in [contract.startEntryPoint, contract.snippetEntryPoint, contract.testEntryPoint] {
            #expect(declared.contains(name), "the runtime has no entry point \(name)")
        }
        for name in declared {
            #expect(contract.reservedNamePrefixes.contains { name.hasPrefix($0) }, "\(name) is not reserved")
            #expect(BlockAnalysis(code: "\(name)(1)").reservedNameUses.map(\.name) == [name])
        }
        #expect(BlockAnalysis.reservedNamePrefixes == ["__docent", "__builtin_"])
    }

    @Test func generatedProgramsImportTheRuntimeModuleAndCallItsEntryPoints() throws {
        let builder = ProgramSourceBuilder(fileName: "article.md", recordsAssignments: false)
        let input = ProgramSourceBuilder.Input(snippet: 0, code: "let x = 1", facts: BlockFacts(), isTarget: true)
        let source = builder.source(for: [input]).source
        #expect(source.hasPrefix("import PlaygroundRuntime\n"))
        #expect(source.contains("\n__docent_snippet(0)\n"))
        let start = try #require(source.range(of: "\n__docent_start()\n"), "the runtime starts first")
        #expect(start.lowerBound < source.range(of: "__docent_snippet(0)")!.lowerBound)
    }
}
