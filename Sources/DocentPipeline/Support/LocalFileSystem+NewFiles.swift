import Foundation

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// New files in a staging folder, written with the system's own calls: no `fsync` per file (Foundation's `Data.write`
/// syncs every file it writes, a tenth of a 1,000-page build; the staging folder is swapped in whole or not at all,
/// so a file never needs to reach the disk before the next is written) and no walk up the path per file — a missing
/// parent folder is made only when opening or linking says it is missing.
extension LocalFileSystem {
    public func createFile(_ data: Data, at path: String) throws {
        var descriptor = Self.openNew(path)
        if descriptor < 0, errno == ENOENT {
            try createParent(of: path)
            descriptor = Self.openNew(path)
        }
        guard descriptor >= 0 else { throw Self.error(errno, path) }
        var failure: Int32 = 0
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += count
            }
        }
        if close(descriptor) != 0, failure == 0, errno != EINTR { failure = errno }
        if failure != 0 { throw Self.error(failure, path) }
    }

    public func linkItem(from source: String, to destination: String) throws {
        var status = link(source, destination)
        if status != 0, errno == ENOENT, fileExists(source) {
            try createParent(of: destination)
            status = link(source, destination)
        }
        guard status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination,
                                                           NSLocalizedDescriptionKey: "cannot link \(destination): \(String(cString: strerror(errno)))"])
        }
    }

    private func createParent(of path: String) throws {
        try FileManager().createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    /// A new file for writing (replacing one there), read and write for everyone the umask allows, as `Data.write` makes.
    private static func openNew(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    }

    private static func error(_ number: Int32, _ path: String) -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(number), userInfo: [NSFilePathErrorKey: path])
    }

    /// The walk ``SiteWriter`` makes before keeping a previous site: every entry, with `lstat`, so a link, a hidden file
    /// or an empty folder is seen.
    public func exactTree(under directory: String) -> [String: Bool]? {
        var tree: [String: Bool] = [:]
        func walk(_ folder: String, _ relative: String) -> Bool {
            guard let stream = opendir(folder) else { return false }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let raw = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                guard raw != [UInt8(ascii: ".")], raw != [UInt8(ascii: "."), UInt8(ascii: ".")] else { continue }
                guard let name = String(validating: raw, as: UTF8.self) else { return false }
                let path = folder + "/" + name
                let inside = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0 else { return false }
                switch status.st_mode & S_IFMT {
                case S_IFREG: tree[inside] = true
                case S_IFDIR:
                    tree[inside] = false
                    guard walk(path, inside) else { return false }
                default: return false
                }
            }
            return true
        }
        return walk(directory, "") ? tree : nil
    }
}
