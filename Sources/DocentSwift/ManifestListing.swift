/// The rule for a package manifest shown in documentation ("add this to your Package.swift"): a whole manifest
/// (its first line `// swift-tools-version:…`, an `import PackageDescription`, or code that starts
/// `let package = Package(`), or a fragment of one, a block
/// whose code begins with a manifest entry (`.package(url: …)`, `.product(name: …)`, `.target(name: …)`).
/// Only SwiftPM reads such code, so it is shown, not compiled.
///
/// ```swift
/// ManifestListing.isManifest(".package(url: \"https://github.com/apple/swift-algorithms\", from: \"1.2.0\"),")  // true
/// ```
public enum ManifestListing {
    /// The manifest entries a fragment may begin with.
    static let entries = ["package", "product", "target", "executableTarget", "testTarget", "library", "executable",
                          "plugin", "macro", "systemLibrary", "binaryTarget"]

    public static func isManifest(_ code: String) -> Bool {
        let lines = code.split(separator: "\n").map { $0.drop { $0 == " " || $0 == "\t" } }.filter { !$0.isEmpty }
        guard let first = lines.first else { return false }
        if first.hasPrefix("// swift-tools-version") { return true }
        if lines.contains(where: { $0 == "import PackageDescription" || $0.hasPrefix("import PackageDescription ") }) { return true }
        let code = lines.first { !$0.hasPrefix("//") } ?? first
        // A whole manifest shown without its header: what SwiftPM reads, `let package = Package(`.
        if code.filter({ $0 != " " }).hasPrefix("letpackage=Package(") { return true }
        return entries.contains { code.hasPrefix(".\($0)(") }
    }
}
