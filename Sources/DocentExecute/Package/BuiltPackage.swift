/// A package built for article programs: the modules they import by default, the `swiftc` arguments that find its
/// modules and link its library (as SwiftPM gave them), the folders compiles and programs read it from, and a
/// fingerprint of what was built.
struct BuiltPackage: Sendable, Hashable, Codable {
    /// The modules of the package's library products, in the manifest's order.
    var modules: [String]
    /// Search paths and Clang module maps (`-I`, `-Xcc …`), taken from the compile SwiftPM planned.
    var compileArguments: [String]
    /// `-L`, `-l` and the run path of the one dynamic library holding every library product.
    var linkArguments: [String]
    /// What compiles and programs must be able to read (read-only): the package's copy and its build folder.
    var folders: [String]
    /// A hash of the built library and module interfaces: the result cache follows the package's code with it.
    var fingerprint: String
    /// The dynamic library (present while the build is usable).
    var library: String
    /// The package's copy: compiler notes that point into it are shown at the package's own files.
    var copy: String
    /// Its public API by name, from the symbol graphs its compiles wrote: declaration listings are checked against it.
    var symbols: PackageSymbols? = nil
    /// Its targets and which of them a library product holds, from SwiftPM's description.
    var targets: PackageTargets? = nil
}
