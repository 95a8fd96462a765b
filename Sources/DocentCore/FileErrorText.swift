import Foundation

/// A file error as a plain sentence naming the file, never Foundation's raw `NSError` text: "the disk holding
/// content/a.md is full", "no permission to write site/index.html".
///
/// ```swift
/// catch { throw Diagnostic.error(.loadUnreadableFile, at: location, "could not read this file: \(FileErrorText.describe(error))") }
/// ```
package enum FileErrorText {
    package static func describe(_ error: any Error) -> String {
        let error = error as NSError
        let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        let code = posixCode(of: error)
        let subject = path ?? "a file"
        // A copy names its source; what is full or read-only is where it was going.
        let written = (error.userInfo["NSDestinationFilePath"] as? String) ?? subject
        switch code {
        case ENOENT: return "\(subject) does not exist"
        case EACCES, EPERM: return "no permission to change or read \(subject) (is it read-only, immutable or another user's?)"
        case ENOSPC, EDQUOT: return "the disk holding \(written) is full"
        case EROFS: return "\(written) is on a read-only file system"
        case EEXIST: return "\(subject) already exists"
        case EISDIR: return "\(subject) is a folder"
        case ENOTDIR: return "a part of \(subject) is not a folder"
        case EMFILE, ENFILE: return "too many files are open to use \(subject)"
        case .some(let number): return "\(subject): \(String(cString: strerror(number)).lowercased())"
        case nil: return path.map { "\($0): the operation failed" } ?? error.localizedDescription
        }
    }

    /// The POSIX error number behind a Foundation file error (its underlying error, or its own code).
    private static func posixCode(of error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        guard error.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteFileExists: return EEXIST
        default: return nil
        }
    }
}
