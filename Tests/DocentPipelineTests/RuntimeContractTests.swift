import Foundation
import Testing
@testable import DocentPipeline
@testable import PlaygroundRuntime

/// The constants and files the pipeline and the playground runtime must agree on.
@Suite struct RuntimeContractTests {
    @Test func programLinesStartWhereTheRuntimeStartsRecording() {
        #expect(ProgramLines.stride == DocentRecorder.firstArticleLine)
    }

    @Test func docentEmbedsEveryFileOfTheRuntimeTarget() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/PlaygroundRuntime").standardized.path
        let files = try FileManager().contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(RuntimeSource.files.map(\.name).sorted() == files)
        for file in RuntimeSource.files {
            #expect(file.text == (try String(contentsOfFile: "\(folder)/\(file.name)", encoding: .utf8)))
        }
    }

    @Test func theResultsVariableIsTheOneTheRuntimeReads() throws {
        let source = RuntimeSource.files.map(\.text).joined()
        #expect(source.contains("environment[\"\(LocalProgramExecutor.resultsVariable)\"]"))
    }
}
