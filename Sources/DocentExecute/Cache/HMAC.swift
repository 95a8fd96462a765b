import DocentCore

/// HMAC-SHA256 (RFC 2104 over FIPS 180-4's SHA-256), which signs the result cache's entries with a secret that
/// lives outside the repository, so an entry nobody signed with that secret is never believed.
struct HMAC {
    /// SHA-256's block size in bytes; a longer key is hashed first, a shorter one padded with zeros.
    private static let blockSize = 64

    /// The 32-byte authentication code of `message` under `key`.
    static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > blockSize ? SHA256.digest(key) : key
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = SHA256.digest(block.map { $0 ^ 0x36 } + message)
        return SHA256.digest(block.map { $0 ^ 0x5c } + inner)
    }

    /// Whether two codes are equal, taking the same time wherever they first differ.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
