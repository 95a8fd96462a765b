import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// File errors read as a sentence naming the file, never as Foundation's `NSCocoaErrorDomain` text.
@Suite struct FileErrorTextTests {
    @Test("each common failure is a plain sentence with the path", arguments: [
        (CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: "site/a.html"]) as any Error,
         "the disk holding site/a.html is full"),
        (CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: "content/a.md"]),
         "no permission to change or read content/a.md (is it read-only, immutable or another user's?)"),
        (CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/tmp/x"]), "/tmp/x does not exist"),
        (NSError(domain: NSCocoaErrorDomain, code: 512,
                 userInfo: [NSFilePathErrorKey: "out/b", NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS))]),
         "out/b is on a read-only file system"),
        (NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC)), "the disk holding a file is full"),
    ])
    func sentences(error: any Error, text: String) {
        #expect(FileErrorText.describe(error) == text)
        #expect(!FileErrorText.describe(error).contains("NSCocoaErrorDomain"))
    }

    /// The local file system, except that writing any file is refused as an immutable file refuses it.
    struct RefusingWrites: FileSystem {
        let base = LocalFileSystem()
        func contents(of path: String) throws -> Data { try base.contents(of: path) }
        func write(_ data: Data, to path: String) throws {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        func files(under directory: String) throws -> [String] { try base.files(under: directory) }
        func listing(under directory: String) throws -> FolderListing { try base.listing(under: directory) }
        func fileExists(_ path: String) -> Bool { base.fileExists(path) }
        func directoryExists(_ path: String) -> Bool { base.directoryExists(path) }
        func directoryIsEmpty(_ path: String) -> Bool { base.directoryIsEmpty(path) }
        func createDirectory(_ path: String) throws { try base.createDirectory(path) }
        func copyItem(from source: String, to destination: String) throws { try base.copyItem(from: source, to: destination) }
        func createFile(_ data: Data, at path: String) throws { try base.createFile(data, at: path) }
        func linkItem(from source: String, to destination: String) throws { try base.linkItem(from: source, to: destination) }
        func moveItem(from source: String, to destination: String) throws { try base.moveItem(from: source, to: destination) }
        func removeItem(_ path: String) throws { try base.removeItem(path) }
    }

    @Test func anArticleThatCannotBeWrittenIsALocatedErrorAndStaysAsItWas() throws {
        let text = "---\ntitle: T\ndate: 2026-01-02\n---\n\n```swift\nlet a = 1 // => 2\n```\n"
        let folder = try TemporaryFolder().write(["content/x.md": text])
        let path = "\(folder.path)/content/x.md"
        let snippets = try SnippetExtractor().extract(try parsedArticle(text, path: path))
        let run = SnippetRun(outcome: .completed, values: [.init(line: 7, text: "1")])
        let report = TestReport(articles: [.init(path: path, snippets: [CheckedSnippet(snippet: snippets[0],
                                                                                        result: ResultChecker().check(snippets[0], run))])])
        let update = try ExpectationUpdater(fileSystem: RefusingWrites()).update(report)
        #expect(update.files.isEmpty)
        #expect(update.warnings.map(\.id) == [CheckDiagnostics.ID.updateUnwritable])
        #expect(update.warnings.map(\.message) == ["not updated: no permission to change or read \(path) (is it read-only, immutable or another user's?)"])
        #expect(update.warnings.first?.location == SourceLocation(path: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}
