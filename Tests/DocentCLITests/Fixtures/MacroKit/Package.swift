// swift-tools-version:5.9
import CompilerPluginSupport
import PackageDescription

// A package with a macro, for docent's tests. The macro's plugin speaks the compiler's plugin protocol by hand, so
// the package builds without swift-syntax.
let package = Package(
    name: "MacroKit",
    products: [
        .library(name: "Doubling", targets: ["Doubling"]),
    ],
    targets: [
        .macro(name: "DoublingMacros"),
        .target(name: "Doubling", dependencies: ["DoublingMacros"]),
    ]
)
