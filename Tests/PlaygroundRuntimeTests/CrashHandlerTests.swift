import Foundation
import Testing
@testable import PlaygroundRuntime

/// The trap record the signal handler writes, formatted without allocating, and the statement stack behind it.
@Suite struct CrashHandlerTests {
    func format(_ pairs: [(Int, Int)], depth: Int? = nil, signal: Int32 = SIGILL) -> String {
        let statements = UnsafeMutablePointer<Int>.allocate(capacity: max(pairs.count, 1) * 2)
        defer { statements.deallocate() }
        for (index, pair) in pairs.enumerated() {
            statements[index * 2] = pair.0
            statements[index * 2 + 1] = pair.1
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: CrashHandler.bufferSize, alignment: 1)
        defer { buffer.deallocate() }
        let length = CrashHandler.formatTrap(signal: signal, statements: statements, depth: depth ?? pairs.count, into: buffer)
        return String(decoding: buffer[..<length], as: UTF8.self)
    }

    @Test func theTrapRecordListsTheRunningStatementsOutermostFirst() {
        #expect(format([(100_003, 1), (200_004, 12)], signal: SIGILL)
                == "{\"kind\":\"trap\",\"signal\":\(SIGILL),\"sites\":[[100003,1],[200004,12]]}\n")
        #expect(format([]) == "{\"kind\":\"trap\",\"signal\":\(SIGILL),\"sites\":[]}\n")
    }

    @Test func aDeepStackKeepsItsOuterAndInnerStatements() {
        let pairs = (0..<100).map { (100_000 + $0, 1) }
        let record = format(pairs)
        let sites = (try? JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])?["sites"] as? [[Int]]
        #expect(sites?.count == 2 * CrashHandler.keptFromEachEnd)
        #expect(sites?.first == [100_000, 1])
        #expect(sites?.last == [100_099, 1])
    }

    @Test func statementsSkippedByAReturnAreUnwound() {
        let state = ThreadState.current
        let base = state.depth
        state.enter(line: 100_001, column: 1)
        state.enter(line: 100_002, column: 5)
        state.enter(line: 100_003, column: 9) // a `return` skips this statement's end
        state.leave(line: 100_002, column: 5)
        #expect(state.depth == base + 1)
        state.leave(line: 100_001, column: 1)
        #expect(state.depth == base)
    }

    @Test func integersAreWrittenByHand() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
        defer { buffer.deallocate() }
        var writer = ByteWriter(buffer: buffer)
        writer.append(0)
        writer.append(",")
        writer.append(-42)
        writer.append(",")
        writer.append(Int.max)
        #expect(String(decoding: buffer[..<writer.count], as: UTF8.self) == "0,-42,\(Int.max)")
    }
}
