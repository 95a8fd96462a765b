import DocentCLI
import DocentCore
import DocentPipeline
import Foundation
import Testing

/// Input errors exit 2 and docent's own failures 3, decided by the diagnostics' IDs, never by their wording.
@Suite("Exit statuses: the input's errors (2) apart from docent's own (3)")
struct ExitStatusBinaryTests {
    @Test("a cache docent cannot remove is docent's failure: exit 3, at the cache")
    func cacheNotRemovable() throws {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-exit-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        // Nothing in /proc can be removed, not even by root: the removal fails without harming anything.
        let result = try DocentBinary.run(["clean", "--output", "site", "--cache", "/proc/self/fdinfo"], in: folder,
                                          environment: ["DOCENT_CACHE_DIR": folder + "/modules"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("/proc/self/fdinfo:1:1: error: "), "\(result.stderr)")
    }

    @Test("an input error exits 2")
    func inputError() throws {
        let result = try DocentBinary.run(["build", "--content", "nowhere"], in: FileManager().temporaryDirectory.path)
        #expect(result.status == 2, "\(result.stderr)")
    }

    @Test("the status is decided by the IDs: one fault among input errors makes it 3; a fault that is a warning does not")
    func decidedByID() {
        let input = Diagnostic.error(.loadContentFolderNotFound, at: nil, "same words")
        let fault = Diagnostic.error(.internalJobNeverDone, at: nil, "same words")
        #expect(ExitStatus.status(for: [input]) == .inputError)
        #expect(ExitStatus.status(for: [input, fault]) == .docentFault)
        #expect(ExitStatus.status(for: [.warning(.writeSearchFailed, at: nil, "same words"), input]) == .inputError)
        #expect(DiagnosticID("internal.job-never-done") == .internalJobNeverDone)
    }
}
