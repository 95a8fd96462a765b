import Foundation
import Testing
@testable import PlaygroundRuntime

/// Values are rendered structurally, exactly as they are: no text is ever rewritten.
@Suite struct ValueSummarizerTests {
    let summarizer = ValueSummarizer(timeZone: "America/New_York", locale: "en_US")

    func text<T>(_ value: T) -> String { summarizer.summarize(value).full }

    struct Point { var x: Int; var y: Int }
    enum Direction { case north, south }
    enum Shape { case circle(radius: Double), square(Double) }
    final class Box {}
    final class Node: CustomStringConvertible { var description: String { "node at 0x7ffee1234567" } }
    final class Plain: NSObject {}

    @Test func textThatLooksLikeModulesOrAddressesIsKept() {
        #expect(text(["main.example.com", "0xDEADBEEF12"]) == #"["main.example.com", "0xDEADBEEF12"]"#)
        #expect(text((x: "main.swift", y: 3)) == #"(x: "main.swift", y: 3)"#)
        #expect(text(Node()) == "node at 0x7ffee1234567")
        #expect(text("main.Box at 0x1234567890") == #""main.Box at 0x1234567890""#)
    }

    @Test func typesWithoutADescriptionOfTheirOwn() {
        #expect(text(Point(x: 1, y: 2)) == "Point(x: 1, y: 2)")
        #expect(text(Box()) == "Box")
        #expect(text(Plain()) == "Plain", "NSObject's <Module.Plain: 0x…> becomes the type name")
        #expect(text(Direction.north) == "north")
        #expect(text(Shape.circle(radius: 2)) == "circle(radius: 2.0)")
        #expect(text(Shape.square(3)) == "square(3.0)")
        #expect(text((1, "a")) == #"(1, "a")"#)
    }

    @Test func everydayValuesLookAsSwiftPrintsThem() {
        #expect(text(42) == "42")
        #expect(text(3.5) == "3.5")
        #expect(text(true) == "true")
        #expect(text("hi \"you\"\n") == #""hi \"you\"\n""#)
        #expect(text("'Year: 'y") == #""'Year: 'y""#, "a single quote needs no escape in a Swift literal")
        #expect(text("tab\tbell\u{7}back\\slash") == #""tab\tbell\u{7}back\\slash""#)
        #expect(text(Character("é")) == #""é""#)
        #expect(text([1, 2, 3]) == "[1, 2, 3]")
        #expect(text(["a": 1]) == #"["a": 1]"#)
        #expect(text([String: Int]()) == "[:]")
        #expect(text([Int]()) == "[]")
        #expect(text([[1, 2], [3]]) == "[[1, 2], [3]]")
        #expect(text(Optional(3)) == "3", "a top-level optional shows what it holds, as Xcode does")
        #expect(text(Optional<Int>.none) == "nil")
        #expect(text([Optional(1), nil]) == "[Optional(1), nil]")
        #expect(text(Int.self) == "Int")
        #expect(text(Date(timeIntervalSince1970: 1_423_872_000)) == "Feb 13, 2015 at 7:00 PM")
    }

    @Test func largeCollectionsAreSummarisedWithoutWalkingThem() {
        let numbers = Array(0..<1_000_000)
        let summary = summarizer.summarize(numbers)
        #expect(summary.text == "1000000 elements [0, 1, 2, 3, 4, …]")
        #expect(summary.full.hasPrefix("[0, 1, 2,"))
        #expect(summary.full.hasSuffix("98, 99, …]"))
        #expect(summary.isCut)
        let small = summarizer.summarize(Array(0..<12))
        #expect(small.text == "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]")
        #expect(!small.isCut)
    }

    @Test func longTextIsCutAndSaysSo() {
        let long = String(repeating: "a", count: 20_000)
        let summary = summarizer.summarize(long)
        #expect(summary.text.count <= ValueSummarizer.summaryLimit + 2)
        #expect(summary.text.hasSuffix("…"))
        #expect(summary.full.count <= ValueSummarizer.fullLimit + 2)
        #expect(summary.isCut)
    }

    @Test func textThatStopsExactlyAtItsLimitSaysSo() {
        // `[` + a 119-byte literal is exactly the summary's 120 bytes, and another element follows.
        let first = String(repeating: "a", count: 117)
        let summary = summarizer.summarize([first, "b"])
        #expect(summary.text.hasPrefix("2 elements [\"aaa") && summary.text.hasSuffix("…"),
                "the summary says it stopped, not that the list ended")
        #expect(summary.full == "[\"\(first)\", \"b\"]")
        #expect(!summary.isCut)
    }

    /// A type whose mirror lists more stored properties than the element limit.
    struct Wide: CustomReflectable {
        let count: Int
        var customMirror: Mirror {
            Mirror(self, children: (0..<count).map { (label: "p\($0)", value: $0 as Any) }, displayStyle: .struct)
        }
    }

    @Test func typesWithManyPropertiesShowTheFirstHundred() {
        let wide = summarizer.summarize(Wide(count: 150))
        #expect(wide.full.hasPrefix("Wide(p0: 0, p1: 1, "))
        #expect(wide.full.hasSuffix("p99: 99, …)"))
        #expect(wide.isCut)
        let exact = summarizer.summarize(Wide(count: 100))
        #expect(exact.full.hasSuffix("p99: 99)"))
        #expect(!exact.isCut)
    }

    @Test func deepNestingStops() {
        let nested = [[[[[[1]]]]]]
        #expect(text(nested) == "[[[[[…]]]]]")
    }
}
