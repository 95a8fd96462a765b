import Foundation
import Testing
@testable import DocentExecute

/// An interruption stops everything, including what another thread reports after it: a scratch folder made by a
/// fallback already under way is removed at once, never left behind when docent exits.
@Suite struct ActiveWorkTests {
    @Test func aFolderReportedAfterTheStopIsRemovedAtOnce() throws {
        let base = FileManager().temporaryDirectory.path + "/active-work-\(UUID().uuidString)"
        defer { try? FileManager().removeItem(atPath: base) }
        let before = base + "/before", after = base + "/after"
        for folder in [before, after] { try FileManager().createDirectory(atPath: folder + "/inner", withIntermediateDirectories: true) }
        let work = ActiveWork()
        work.created(folder: before)
        work.stopAll()
        #expect(!FileManager().fileExists(atPath: before), "a folder known at the stop is removed")
        #expect(FileManager().fileExists(atPath: after))
        work.created(folder: after)
        #expect(!FileManager().fileExists(atPath: after), "a folder reported after the stop is removed as it is reported")
    }

    @Test func aFolderRemovedBeforeTheStopIsLeftAlone() throws {
        let folder = FileManager().temporaryDirectory.path + "/active-work-\(UUID().uuidString)"
        defer { try? FileManager().removeItem(atPath: folder) }
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        let work = ActiveWork()
        work.created(folder: folder)
        work.removed(folder: folder)
        work.stopAll()
        #expect(FileManager().fileExists(atPath: folder), "only folders still in use are the interruption's to remove")
    }
}
