import Foundation

/// What docent needs of `swift package describe --type json`: the package's name, its library products and the
/// modules (targets) each is made of.
struct PackageManifest: Sendable, Hashable, Codable {
    /// A product: its name, kind (`library`, `executable`, `macro`, …) and targets.
    struct Product: Sendable, Hashable, Codable {
        var name: String
        var kind: String
        var targets: [String]
    }

    /// A target: its name, the module name code imports it by, and its folder in the package (`Sources/Name`;
    /// `nil` in what an older docent remembered, where SwiftPM's default folder stands for it).
    struct Target: Sendable, Hashable, Codable {
        var name: String
        var moduleName: String
        var path: String? = nil
    }

    var name: String
    var products: [Product]
    var targets: [Target]

    /// The library products' names.
    var libraryProducts: [String] { products.filter { $0.kind == "library" }.map(\.name) }

    /// The modules of the library products, each once, in order: what an article imports when nothing else is named.
    var libraryModules: [String] {
        var seen: Set<String> = []
        var modules: [String] = []
        for product in products where product.kind == "library" {
            for name in product.targets {
                let module = targets.first { $0.name == name }?.moduleName ?? name
                if seen.insert(module).inserted { modules.append(module) }
            }
        }
        return modules
    }

    /// Reads SwiftPM's JSON description.
    init(describeJSON data: Data) throws {
        struct Description: Decodable {
            struct Product: Decodable {
                var name: String
                var targets: [String]
                /// `{"library": ["automatic"]}`, `{"executable": null}`: the kind is the only key.
                var type: [String: Ignored]
            }
            struct Target: Decodable {
                var name: String
                var c99_name: String?
                var path: String?
            }
            struct Ignored: Decodable {
                init(from decoder: any Decoder) throws {}
            }
            var name: String
            var products: [Product]?
            var targets: [Target]?
        }
        let description = try JSONDecoder().decode(Description.self, from: data)
        name = description.name
        products = (description.products ?? []).map {
            Product(name: $0.name, kind: $0.type.keys.sorted().first ?? "", targets: $0.targets)
        }
        targets = (description.targets ?? []).map { Target(name: $0.name, moduleName: $0.c99_name ?? $0.name, path: $0.path) }
    }
}
