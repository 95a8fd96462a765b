import Testing
@testable import PlaygroundRuntime

@Suite struct RuntimeSmokeTests {
    @Test func loads() { #expect(DocentRecorder.firstArticleLine == 100_000) }
}
