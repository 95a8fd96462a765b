import Foundation
import Hummingbird
import SystemPackage

/// A file open for reading, closed when the last response holding it goes. Reading from it keeps serving the file
/// as it was when opened, even while a rebuild replaces it.
final class OpenFile: Sendable {
    let descriptor: FileDescriptor
    let size: Int

    /// The file shrank while it was being sent: the response is cut (the connection closes), never padded.
    struct Truncated: Error {}

    init?(_ path: String) {
        guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: [.noFollow, .closeOnExec]) else { return nil }
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            try? descriptor.close()
            return nil
        }
        self.descriptor = descriptor
        self.size = Int(status.st_size)
    }

    deinit { try? descriptor.close() }

    /// `count` bytes from `offset` (fewer only at the end of the file; none there is ``Truncated``).
    func read(at offset: Int, count: Int) throws -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        let read = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { pointer in
            try descriptor.read(fromAbsoluteOffset: Int64(offset), into: UnsafeMutableRawBufferPointer(rebasing: pointer[0..<count]))
        }
        if read == 0 { throw Truncated() }
        return buffer
    }

    /// The whole file (for HTML pages, which are small).
    func readAll() -> Data? {
        var data = Data()
        var offset = 0
        while offset < size, let chunk = try? read(at: offset, count: min(SiteFileResponse.chunkSize, size - offset)) {
            data.append(contentsOf: chunk.readableBytesView)
            offset += chunk.readableBytes
        }
        return offset == size ? data : nil
    }
}
