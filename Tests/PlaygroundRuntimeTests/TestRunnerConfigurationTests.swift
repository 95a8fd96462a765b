import Testing
@testable import PlaygroundRuntime

/// Issue 31: when Docent runs a program again for the tests after one that trapped, the runtime skips the tests it
/// names (`DOCENT_SKIP_TESTS`), each by the end of its Swift Testing ID (`…/FILE:LINE:COLUMN`).
@Suite struct TestRunnerConfigurationTests {
    @Test("no list: every test runs; a list: one anchored pattern each; anything but LINE:COLUMN is ignored")
    func configuration() {
        #expect(TestRunner.configurationJSON(skipping: nil) == #"{"parallel":false,"quiet":true}"#)
        #expect(TestRunner.configurationJSON(skipping: "12:2,30:6")
                == #"{"parallel":false,"quiet":true,"skip":[":12:2$",":30:6$"]}"#)
        #expect(TestRunner.configurationJSON(skipping: ".*,12:2,") == #"{"parallel":false,"quiet":true,"skip":[":12:2$"]}"#)
    }
}
