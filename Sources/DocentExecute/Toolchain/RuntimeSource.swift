import Foundation

/// The playground runtime's source files (`Sources/PlaygroundRuntime`), embedded in docent, which compiles them.
/// The EmbedFiles build-tool plugin (`Plugins/`) embeds every `.swift` file of the folder, sorted by name.
enum RuntimeSource {
    static let files: [(name: String, text: String)] = EmbeddedFiles.runtime.map {
        ($0.path, String(decoding: $0.contents, as: UTF8.self))
    }
}
