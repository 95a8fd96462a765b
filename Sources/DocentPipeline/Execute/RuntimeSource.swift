import Foundation

/// The playground runtime's source files, embedded in docent.
enum RuntimeSource {
    static let files: [(name: String, text: String)] = [
        ("PlaygroundRuntime.swift", String(decoding: PackageResources.PlaygroundRuntime_swift, as: UTF8.self)),
    ]
}
