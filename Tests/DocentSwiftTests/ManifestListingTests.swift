import DocentSwift
import Testing

/// Package manifests in documentation: whole ones and fragments are listings; code that merely mentions a package
/// is not.
struct ManifestListingTests {
    @Test func wholeManifestsAndFragmentsAreListings() {
        #expect(BlockAnalysis(code: "// swift-tools-version:6.3\nimport PackageDescription\n\nlet package = Package(name: \"MyPackage\")").isManifest)
        #expect(BlockAnalysis(code: "import PackageDescription\nlet package = Package(name: \"P\")").isManifest)
        #expect(BlockAnalysis(code: ".package(url: \"https://github.com/apple/swift-algorithms\", from: \"1.2.0\"),").isManifest)
        #expect(BlockAnalysis(code: "let package = Package(\n    // name, platforms, products, etc.\n    dependencies: [\n        .package(url: \"u\", from: \"1.0.0\"),\n    ]\n)").isManifest,
                "a manifest shown without its header")
        #expect(BlockAnalysis(code: "// in Package.swift\n.target(name: \"<target>\", dependencies: [\n    .product(name: \"Algorithms\", package: \"swift-algorithms\"),\n]),").isManifest)
    }

    @Test func codeAboutPackagesIsNoManifest() {
        #expect(BlockAnalysis(code: "let package = \"swift-algorithms\"\nprint(package)").isManifest == false)
        #expect(BlockAnalysis(code: "let package = Package.load()\nprint(package)").isManifest == false)
        #expect(BlockAnalysis(code: "let x = [1, 2].map { $0 }\n.filter { $0 > 1 }").isManifest == false)
        #expect(BlockAnalysis(code: ".package(url: \"u\", from: \"1.0.0\") // => x").isManifest == false, "an expectation says it runs")
        #expect(BlockAnalysis(code: "").isManifest == false)
    }
}
