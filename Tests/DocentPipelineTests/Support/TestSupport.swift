import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

/// A fresh temporary folder for one test, removed when the test's scope ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager().temporaryDirectory.appendingPathComponent("docent-tests-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager().removeItem(atPath: path) }

    /// Writes `files` (relative path → text) below the folder.
    @discardableResult
    func write(_ files: [String: String]) throws -> TemporaryFolder {
        for (relative, text) in files { try LocalFileSystem().write(Data(text.utf8), to: "\(path)/\(relative)") }
        return self
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: "\(path)/\(relative)", encoding: .utf8)
    }

    /// Every file below the folder (hidden ones included) with its bytes, for byte-for-byte comparisons.
    func snapshot(_ relative: String = "") throws -> [String: Data] {
        Self.snapshot(of: relative.isEmpty ? path : "\(path)/\(relative)")
    }

    /// Every file below `root` (hidden ones included) with its bytes; empty if the folder does not exist.
    static func snapshot(of root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let enumerator = FileManager().enumerator(atPath: root) else { return [:] }
        for case let file as String in enumerator {
            var isDirectory: ObjCBool = false
            if FileManager().fileExists(atPath: "\(root)/\(file)", isDirectory: &isDirectory), !isDirectory.boolValue {
                result[file] = FileManager().contents(atPath: "\(root)/\(file)")
            }
        }
        return result
    }
}

/// The diagnostics a throwing call produced, or an empty list if it did not throw.
func diagnostics(_ body: () throws -> Void) -> [Diagnostic] {
    do {
        try body()
        return []
    } catch let error as DiagnosticError {
        return error.diagnostics
    } catch let diagnostic as Diagnostic {
        return [diagnostic]
    } catch {
        return [.error(DiagnosticID("test.fixture"), at: nil, "unexpected error: \(error)")]
    }
}

/// The repository's own `templates/` folder.
let repositoryTemplates: String = DocentRepository.url("templates").path

/// A minimal valid article.
func article(_ title: String = "T", date: String = "2026-01-02", extra: String = "", body: String = "Text.\n") -> String {
    "---\ntitle: \(title)\ndate: \(date)\n\(extra)---\n\(body)"
}

/// A reporter that keeps everything in memory, for tests to read back.
final class RecordingReporter: Reporter, @unchecked Sendable {
    private let lock = NSLock()
    private var _steps: [String] = []
    private var _diagnostics: [Diagnostic] = []
    private var _messages: [String] = []
    private var _progress: [ArticleProgress] = []

    init() {}

    var steps: [String] { lock.withLock { _steps } }
    var diagnostics: [Diagnostic] { lock.withLock { _diagnostics } }
    var messages: [String] { lock.withLock { _messages } }
    var progressEvents: [ArticleProgress] { lock.withLock { _progress } }

    func step(_ index: Int, of total: Int, _ name: String) {
        lock.withLock { _steps.append(name) }
    }

    func report(_ diagnostic: Diagnostic) {
        lock.withLock { _diagnostics.append(diagnostic) }
    }

    func info(_ message: String) {
        lock.withLock { _messages.append(message) }
    }

    func progress(_ event: ArticleProgress) {
        lock.withLock { _progress.append(event) }
    }
}

/// The root of Docent's own package, for the tests that read its files (Package.swift, sources, git).
enum DocentPackage {
    static let root = DocentRepository.root
}
