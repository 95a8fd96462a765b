import DocentSwift

/// The package docent asks SwiftPM to build in place of the documented one: it depends on the documented package
/// (its copy, by path) and makes one dynamic library of every library product, which article programs link.
/// SwiftPM plans that build, so every flag, module map and system library comes from SwiftPM, not from docent.
///
/// ```swift
/// let wrapper = PackageLinkWrapper(dependencyFolder: "/tmp/docent-package-0-ab12/documented-package",
///                                  products: ["Algorithms"])
/// try wrapper.manifest.write(...)      // Package.swift
/// ```
struct PackageLinkWrapper: Sendable, Hashable {
    /// The wrapper's package, target and product name: the library is `libDocentPackageLink.so`.
    static let name = "DocentPackageLink"
    /// The folder name of the documented package's copy; SwiftPM names a path dependency by its last component.
    static let dependencyName = "documented-package"

    /// The documented package's copy.
    var dependencyFolder: String
    /// Its library products.
    var products: [String]
    /// The traits to enable of it (`defaults` for its default ones); `nil` for its defaults, without naming any.
    var traits: [String]? = nil

    /// `Package.swift`.
    var manifest: String {
        let dependencies = products.map {
            ".product(name: \(SwiftStringLiteral.quoted($0)), package: \(SwiftStringLiteral.quoted(Self.dependencyName)))"
        }
        // Traits are named on the dependency (SwiftPM's `--traits` is the root package's, the wrapper's): 6.1's API.
        let tools = traits == nil ? "5.9" : "6.1"
        let traitList = traits.map { names in
            ", traits: [" + names.map { $0 == "defaults" ? ".defaults" : SwiftStringLiteral.quoted($0) }.joined(separator: ", ") + "]"
        } ?? ""
        return """
            // swift-tools-version:\(tools)
            // Written by docent: links the library products of the documented package into one dynamic library.
            import PackageDescription

            let package = Package(
                name: "\(Self.name)",
                products: [.library(name: "\(Self.name)", type: .dynamic, targets: ["\(Self.name)"])],
                dependencies: [.package(path: \(SwiftStringLiteral.quoted(dependencyFolder))\(traitList))],
                targets: [.target(name: "\(Self.name)", dependencies: [\(dependencies.joined(separator: ", "))])]
            )

            """
    }

    /// The target's one source file.
    static let source = "// Written by docent: this module only gathers the documented package's libraries.\n"
}
