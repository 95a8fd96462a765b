import DocentTestSupport
import Foundation
import Testing
@testable import PlaygroundRuntime

/// Collections of leaves are written by a shortcut (`LeafCollection`); it must write exactly what the general path
/// writes for the same elements, cut points and limits included.
@Suite struct SummaryLeafTests {
    let summarizer = ValueSummarizer(timeZone: "Asia/Tokyo", locale: "ja_JP")

    /// The same elements, seen only through a `Mirror`, so the summarizer takes its general path.
    struct MirroredList<Element>: CustomReflectable {
        let elements: [Element]
        var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
    }

    /// The same pairs as a dictionary seen only through a `Mirror`, in the dictionary's own order.
    struct MirroredDictionary<Key: Hashable, Value>: CustomReflectable {
        let dictionary: [Key: Value]
        var customMirror: Mirror {
            Mirror(self, unlabeledChildren: dictionary.map { (key: $0.key, value: $0.value) }, displayStyle: .dictionary)
        }
    }

    func expectSamePaths<Element: SummaryLeaf>(_ elements: [Element], _ seed: UInt64,
                                               sourceLocation: SourceLocation = #_sourceLocation) {
        let shortcut = summarizer.summarize(elements)
        let general = summarizer.summarize(MirroredList(elements: elements))
        #expect(shortcut == general, "seed \(seed), \(elements.count) elements", sourceLocation: sourceLocation)
        #expect(summarizer.summarize(ContiguousArray(elements)) == general, "seed \(seed)", sourceLocation: sourceLocation)
        #expect(summarizer.summarize(elements[...]) == general, "seed \(seed)", sourceLocation: sourceLocation)
    }

    func randomText(_ random: inout SplitMix64) -> String {
        let pieces = ["a", "é", "👩‍👩‍👧", "\"", "\\", "\n", "\u{7}", "ليلة", "x"]
        let length = [0, 1, 5, 40, 200, 9_000][random.below(6)]
        return String((0..<length).map { _ in pieces[random.below(pieces.count)] }.joined().prefix(length))
    }

    @Test func theShortcutWritesWhatTheGeneralPathWrites() {
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            let count = [0, 1, 3, 12, 13, 99, 100, 101, 2_000][random.below(9)]
            switch random.below(5) {
            case 0: expectSamePaths((0..<count).map { _ in Int(bitPattern: UInt(random.next())) >> random.below(64) }, seed)
            case 1: expectSamePaths((0..<count).map { _ in Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) }, seed)
            case 2: expectSamePaths((0..<count).map { _ in randomText(&random) }, seed)
            case 3: expectSamePaths((0..<count).map { _ in Date(timeIntervalSince1970: Double(random.below(4_000_000_000))) }, seed)
            default: expectSamePaths((0..<count).map { _ in random.below(2) == 0 }, seed)
            }
        }
    }

    @Test func dictionariesAndSetsOfLeavesToo() {
        for seed in UInt64(1)...100 {
            var random = SplitMix64(seed: seed)
            let count = [0, 1, 12, 13, 150][random.below(5)]
            var dictionary: [String: Int] = [:]
            for _ in 0..<count { dictionary[randomText(&random)] = random.below(1_000) }
            let general = summarizer.summarize(MirroredDictionary(dictionary: dictionary))
            #expect(summarizer.summarize(dictionary) == general, "seed \(seed)")
            let set = Set((0..<count).map { _ in random.below(10_000) })
            #expect(summarizer.summarize(set) == summarizer.summarize(MirroredList(elements: Array(set))), "seed \(seed)")
        }
    }

    @Test func onlyTheExactLeafTypesTakeTheShortcut() {
        #expect(summarizer.summarize([Optional(1), nil]).full == "[Optional(1), nil]")
        #expect(summarizer.summarize([1 as Any, "a"]).full == #"[1, "a"]"#)
        #expect(summarizer.summarize([Float(1.5)]).full == "[1.5]")
        #expect(summarizer.summarize(["k": [1, 2]]).full == #"["k": [1, 2]]"#)
    }
}
