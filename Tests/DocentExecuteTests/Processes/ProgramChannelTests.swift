import Foundation
import Testing
@testable import DocentExecute

/// Docent's side of a program's channel, fed by hand: what it measures, what it keeps, and what it refuses.
@Suite struct ProgramChannelTests {
    static let token = "0123456789abcdef0123456789abcdef"

    /// The runtime's record `json`, numbered `number`, as it writes it.
    func line(_ number: Int, _ json: String, token: String = Self.token) -> [UInt8] {
        Array("\(token) \(number) \(json)\n".utf8)
    }

    @Test func boundariesAndTheEndGetTheOffsetsDocentCounted() {
        var channel = ProgramChannel(token: Self.token, outputLimit: 100)
        channel.receive(output: Array("before\n".utf8))
        #expect(channel.receive(records: line(0, #"{"kind":"snippet","index":0}"#)) == 1, "one boundary to acknowledge")
        channel.receive(output: Array("one\n".utf8))
        let chunk = line(1, #"{"kind":"value","line":100001,"column":1,"snippet":0,"count":1,"text":"1"}"#)
            + line(2, #"{"kind":"snippet","index":1}"#)
        #expect(channel.receive(records: chunk) == 1)
        channel.receive(output: Array("two\n".utf8))
        #expect(channel.receive(records: line(3, #"{"kind":"end"}"#)) == 0)
        channel.finish(exitedNormally: true)
        #expect(channel.fault == nil)
        #expect(String(decoding: channel.output, as: UTF8.self) == "before\none\ntwo\n")
        let records = RuntimeRecords(parsing: channel.records)
        #expect(records.boundaries == [0: 7, 1: 11])
        #expect(records.endOffset == 15)
        #expect(records.sites[ProgramSite(line: 100001, column: 1)]?.last?.text == "1")
    }

    @Test func aSnippetPrintingPastTheLimitIsCutThereWithinBoundedMemory() {
        var channel = ProgramChannel(token: Self.token, outputLimit: 10)
        _ = channel.receive(records: line(0, #"{"kind":"snippet","index":0}"#))
        for _ in 0..<1000 { channel.receive(output: [UInt8](repeating: UInt8(ascii: "x"), count: 4096)) }
        #expect(channel.isOverLimit)
        #expect(channel.output.count == 11, "the limit and one byte to tell it was cut, of 4 MB printed")
        channel.finish(exitedNormally: false)
        #expect(channel.fault == nil, "stopped by Docent, it owes no end record")
        #expect(RuntimeRecords(parsing: channel.records).truncatedBoundary == 0)
    }

    @Test func eachSnippetHasALimitOfItsOwn() {
        var channel = ProgramChannel(token: Self.token, outputLimit: 4)
        _ = channel.receive(records: line(0, #"{"kind":"snippet","index":0}"#))
        channel.receive(output: Array("abcd".utf8))
        _ = channel.receive(records: line(1, #"{"kind":"snippet","index":1}"#))
        channel.receive(output: Array("efgh".utf8))
        #expect(!channel.isOverLimit)
        #expect(channel.output.count == 8)
    }

    @Test func whatTheProgramWritesItselfBreaksTheChannel() {
        let forged = [
            ("a line without the token", Array(#"{"kind":"value","line":100001,"column":1,"snippet":0,"count":1,"text":"0.3"}"# .utf8) + [10]),
            ("another token", line(1, #"{"kind":"end"}"#, token: String(repeating: "f", count: 32))),
            ("a number out of sequence", line(5, #"{"kind":"end"}"#)),
            ("a number used twice", line(0, #"{"kind":"end"}"#)),
            ("a kind the runtime does not write", line(1, #"{"kind":"truncated","index":0,"offset":0}"#)),
            ("a boundary with more in it", line(1, #"{"kind":"snippet","index":1,"offset":0}"#)),
            ("garbage", Array("\u{0}\u{1}garbage\n".utf8)),
        ]
        for (name, bytes) in forged {
            var channel = ProgramChannel(token: Self.token, outputLimit: 100)
            _ = channel.receive(records: line(0, #"{"kind":"snippet","index":0}"#))
            #expect(channel.receive(records: bytes + line(1, #"{"kind":"end"}"#)) == 0, "\(name)")
            channel.finish(exitedNormally: true)
            #expect(channel.fault != nil, "\(name)")
        }
    }

    @Test func aNormalExitWithoutTheEndRecordOrWithAnUnfinishedOneBreaksTheChannel() {
        var closed = ProgramChannel(token: Self.token, outputLimit: 100)
        _ = closed.receive(records: line(0, #"{"kind":"snippet","index":0}"#))
        closed.finish(exitedNormally: true)
        #expect(closed.fault == "no end record")

        var unfinished = ProgramChannel(token: Self.token, outputLimit: 100)
        _ = unfinished.receive(records: line(0, #"{"kind":"end"}"#) + Array(Self.token.utf8))
        unfinished.finish(exitedNormally: true)
        #expect(unfinished.fault != nil)

        var after = ProgramChannel(token: Self.token, outputLimit: 100)
        _ = after.receive(records: line(0, #"{"kind":"end"}"#) + line(1, #"{"kind":"end"}"#))
        #expect(after.fault == "a record after the end")

        var crashed = ProgramChannel(token: Self.token, outputLimit: 100)
        _ = crashed.receive(records: line(0, #"{"kind":"snippet","index":0}"#) + Array(Self.token.utf8))
        crashed.finish(exitedNormally: false)
        #expect(crashed.fault == nil, "a program killed while writing a record leaves it unfinished")
    }

    @Test func tokensAreRandomHex() {
        let first = ProgramChannel.makeToken(), second = ProgramChannel.makeToken()
        #expect(first.count == RuntimeContract.Channel.tokenLength)
        #expect(first.allSatisfy { $0.isHexDigit })
        #expect(first != second)
    }
}
