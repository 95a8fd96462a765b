import Foundation

/// The git commit a package's sources are at, for `docent --version`: read from `.git` (HEAD, then the branch it
/// names, loose or packed; a worktree's or submodule's `.git` file followed), else from `.docent-commit`, which
/// `git archive` fills in (`export-subst` in `.gitattributes`), so a tarball knows its commit too; `""` when
/// neither says. Foundation only: the tests compile this same file (a link to it) and run it on a real archive.
///
/// ```swift
/// GitCommit.of(URL(fileURLWithPath: "/src/docent"))   // "0123456789abcdef0123456789abcdef01234567"
/// ```
enum GitCommit {
    /// The file `git archive` fills with the archived commit (it holds `$Format:%H$` in the repository).
    static let archivedFile = ".docent-commit"

    static func of(_ package: URL) -> String {
        // Folders as directory URLs, so a relative `gitdir:` or `commondir` resolves inside them.
        let package = URL(fileURLWithPath: package.path, isDirectory: true)
        var git = package.appendingPathComponent(".git", isDirectory: true)
        if let link = read(package.appendingPathComponent(".git")), link.hasPrefix("gitdir: ") {  // a worktree's or submodule's
            git = URL(fileURLWithPath: String(link.dropFirst("gitdir: ".count)), isDirectory: true, relativeTo: package).standardizedFileURL
        }
        if let head = read(git.appendingPathComponent("HEAD")) {
            if isCommit(head) { return head }
            if head.hasPrefix("ref: ") {
                let ref = String(head.dropFirst("ref: ".count))
                // A worktree keeps its branches in the common folder.
                let common = read(git.appendingPathComponent("commondir"))
                    .map { URL(fileURLWithPath: $0, isDirectory: true, relativeTo: git).standardizedFileURL } ?? git
                for folder in [git, common] {
                    if let loose = read(folder.appendingPathComponent(ref)), isCommit(loose) { return loose }
                    let packed = read(folder.appendingPathComponent("packed-refs")) ?? ""
                    for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
                        let hash = String(line.prefix(40))
                        if isCommit(hash) { return hash }
                    }
                }
            }
        }
        if let archived = read(package.appendingPathComponent(archivedFile)), isCommit(archived) { return archived }
        return ""
    }

    private static func read(_ url: URL) -> String? {
        (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func isCommit(_ text: String) -> Bool { text.count == 40 && text.allSatisfy(\.isHexDigit) }
}
