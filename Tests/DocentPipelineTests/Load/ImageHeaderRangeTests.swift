import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Issue 36, failure 5: numbers an image file states are range-checked; an absurd width or height is an unknown
/// size, never a trap (`Int(Double)` on 1e300 killed docent with SIGILL in test, build and serve).
@Suite("Image headers: absurd sizes")
struct ImageHeaderRangeTests {
    static let absurd = ["1e300", "inf", "-inf", "nan", "9223372036854775807", "1e19", "-1e300", "0", "0.4", "1048577"]

    @Test("an SVG width or height of 1e300, inf, nan or Int.max is an unknown size", arguments: absurd)
    func svgAbsurd(_ value: String) {
        for svg in ["<svg width='\(value)' height='10'>", "<svg width=\"10\" height=\"\(value)px\">"] {
            #expect(ImageHeader.size(of: Data(svg.utf8), path: "a.svg") == nil)
        }
    }

    @Test("sizes in range still read, up to the largest believed")
    func inRange() {
        let max = ImageHeader.maximumDimension
        #expect(ImageHeader.size(of: Data("<svg width='\(max)' height='0.6'>".utf8), path: "a.svg") == .init(width: max, height: 1))
    }

    @Test("a PNG stating 4294967295 × 4294967295 pixels is an unknown size")
    func pngAbsurd() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 2, 0, 0, 0]
        #expect(ImageHeader.size(of: Data(png), path: "a.png") == nil)
    }

    @Test("an unused .svg 1e300 wide neither stops nor crashes build and test; its size is unknown")
    func pipeline() throws {
        let folder = try TemporaryFolder().write([
            "content/a.md": article(body: "Text.\n"),
            "content/huge.svg": "<svg xmlns='http://www.w3.org/2000/svg' width='1e300' height='inf'></svg>",
            "content/nan.svg": "<svg width='9223372036854775807' height='nan'></svg>",
        ])
        let content = try ContentLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/content")
        #expect(content.assets.sorted() == ["huge.svg", "nan.svg"])
        #expect(content.imageSizes.count == 2 && content.imageSizes.values.allSatisfy { $0 == nil })
        let pipeline = Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: FakeRunner(),
                                clock: { Date(timeIntervalSince1970: 1_795_000_000) }, searchIndexer: nil)
        _ = try pipeline.build(BuildConfiguration(contentDirectory: "\(folder.path)/content", outputDirectory: "\(folder.path)/site"))
        #expect(FileManager().fileExists(atPath: "\(folder.path)/site/huge.svg"))
        _ = try pipeline.test(TestConfiguration(contentDirectory: "\(folder.path)/content"))
    }
}
