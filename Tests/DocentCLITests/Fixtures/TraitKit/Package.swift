// swift-tools-version:6.1
import PackageDescription

// A package with traits (Polite by default, Loud on request) and internal API, for docent's tests.
let package = Package(
    name: "TraitKit",
    products: [.library(name: "Greeting", targets: ["Greeting"])],
    traits: [
        .trait(name: "Loud", description: "Shouted greetings"),
        .trait(name: "Polite"),
        .default(enabledTraits: ["Polite"]),
    ],
    targets: [.target(name: "Greeting")]
)
