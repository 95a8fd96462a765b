import DocentCore
import Foundation

extension Data {
    /// Writes these bytes to `path` whole or not at all: into a fresh file beside it, then renamed over it, so
    /// another docent reading `path` meanwhile sees the old file or the new one, never half of one. Returns
    /// whether it was written (a failure leaves no scratch file behind).
    @discardableResult
    func writeWhole(toPath path: String) -> Bool {
        let scratch = "\(path).\(UUID().uuidString).tmp"
        guard (try? write(to: URL(fileURLWithPath: scratch))) != nil else { return false }
        guard rename(scratch, path) == 0 else {
            try? DiskScratch().remove(scratch)
            return false
        }
        return true
    }
}
