import Foundation
import Testing
@testable import PlaygroundRuntime

/// Recording a value keeps no reference to it: what the program releases is freed where it would be without Docent.
@Suite struct RecorderRetentionTests {
    /// An object whose fields the summariser reads (stored ones only), and a count of those freed.
    final class Tracked: CustomStringConvertible {
        nonisolated(unsafe) static var freed = 0
        let name: String
        var children: [Tracked] = []
        init(_ name: String) { self.name = name }
        deinit { Self.freed += 1 }
        var description: String { "Tracked(\(name))" }
    }

    @Test func aLoggedObjectIsFreedAsSoonAsTheProgramLetsGoOfIt() {
        let subject = DocentRecorderTests.Subject()
        let line = DocentRecorder.firstArticleLine + 1
        weak var weakObject: Tracked?
        weak var weakChild: Tracked?
        do {
            let object = Tracked("parent")
            object.children = [Tracked("child")]
            weakObject = object
            weakChild = object.children[0]
            subject.recorder.log(object, line: line, column: 1)
            subject.recorder.log(Optional(object), line: line, column: 2)
            subject.recorder.log([object, object.children[0]], line: line, column: 3)
            subject.recorder.log((object, 1), line: line, column: 4)
            // Past the first values, a place's last one is kept in memory: as a summary, never the value.
            for _ in 0..<30 { subject.recorder.log(object.children, line: line + 1, column: 1) }
        }
        #expect(weakObject == nil, "the recorder keeps the object alive")
        #expect(weakChild == nil, "the recorder keeps a field of the object alive")
        #expect(subject.values(line: line, column: 1).first?["text"] as? String == "Tracked(parent)")
    }
}
