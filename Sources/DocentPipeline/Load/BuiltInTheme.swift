import Foundation

/// The default theme, compiled into `docent` from this repository's `templates/` folder, so a site needs no
/// templates of its own.
///
/// Every file of `templates/` is embedded by the EmbedFiles build-tool plugin (`Plugins/`), which lists the folder
/// at each build: nothing here or in `Package.swift` names the files.
public enum BuiltInTheme {
    /// How messages name a built-in file: `(built-in theme)/article.mustache`.
    public static let label = "(built-in theme)"

    /// Each file's path relative to the theme's root, and its bytes, sorted by path.
    public static let files: [(path: String, contents: [UInt8])] = EmbeddedFiles.theme
}
