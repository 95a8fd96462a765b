import Testing
@testable import DocentSwift

@Suite struct SmokeTests {
    @Test func loads() { #expect(true) }
}
