// swift-tools-version:5.9
import PackageDescription

// A small package for docent's tests: two library products, one built on a C target, one on swift-algorithms.
let package = Package(
    name: "ShapesKit",
    products: [
        .library(name: "Shapes", targets: ["Shapes"]),
        .library(name: "Runs", targets: ["Runs"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.0"),
    ],
    targets: [
        .target(name: "CShapes", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "Shapes", dependencies: ["CShapes"]),
        .target(name: "Runs", dependencies: [.product(name: "Algorithms", package: "swift-algorithms")]),
    ]
)
