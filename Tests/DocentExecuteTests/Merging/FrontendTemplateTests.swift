@testable import DocentExecute
import Testing

/// The frontend command a batch's compiles start without the driver: taken only from one plain frontend job that
/// names each placeholder once, and filled in word by word.
@Suite struct FrontendTemplateTests {
    private let frontend = "/opt/swift/usr/bin/swift-frontend -frontend -c -primary-file \(FrontendTemplate.source) "
        + "-module-abi-name \(FrontendTemplate.abiName) -module-name main -o \(FrontendTemplate.output)"
    private let placeholders = [FrontendTemplate.source, FrontendTemplate.output, FrontendTemplate.abiName]

    @Test func aFrontendJobBecomesATemplateFilledWordByWord() throws {
        let template = try #require(FrontendTemplate.parse(frontend + "\n", placeholders: placeholders))
        #expect(template.filled([FrontendTemplate.source: "/w/k1/shared0.swift", FrontendTemplate.output: "/w/k1/k1.o",
                                 FrontendTemplate.abiName: "main_k1"])
                == ["/opt/swift/usr/bin/swift-frontend", "-frontend", "-c", "-primary-file", "/w/k1/shared0.swift",
                    "-module-abi-name", "main_k1", "-module-name", "main", "-o", "/w/k1/k1.o"])
    }

    @Test func anythingButOnePlainFrontendJobNamingEachPlaceholderOnceIsNoTemplate() {
        // Two jobs (a link after the compile), quoting, a placeholder missing, twice, or inside a derived word.
        #expect(FrontendTemplate.parse(frontend + "\n/opt/swift/usr/bin/clang -o main\n", placeholders: placeholders) == nil)
        #expect(FrontendTemplate.parse(frontend.replacingOccurrences(of: "main ", with: "\"my main\" "),
                                       placeholders: placeholders) == nil)
        #expect(FrontendTemplate.parse(frontend.replacingOccurrences(of: "-module-abi-name \(FrontendTemplate.abiName) ", with: ""),
                                       placeholders: placeholders) == nil)
        #expect(FrontendTemplate.parse(frontend + " -emit-dependencies-path \(FrontendTemplate.output)", placeholders: placeholders) == nil)
        #expect(FrontendTemplate.parse(frontend + " -emit-dependencies-path \(FrontendTemplate.output).d", placeholders: placeholders) == nil)
        #expect(FrontendTemplate.parse(frontend.replacingOccurrences(of: "swift-frontend", with: "swift-driver"),
                                       placeholders: placeholders) == nil)
    }
}
