import Foundation

/// The `Host` values `docent serve` answers: the address it listens on, with its port. A page on another site whose
/// name an attacker points at this machine (DNS rebinding) sends its own name as `Host` and is refused, so it can read
/// neither pages nor `/__docent/status`.
///
/// Answered: the bound host (`--host`), and the loopback names `localhost`, `127.0.0.1` and `[::1]`, each with the
/// bound port (`Host` without a port only when the port is 80). Listening on every address (`0.0.0.0`, `::`), any IP
/// address written as one (`192.168.1.20:8080`) is answered too: a browser sends an address as `Host` only when the
/// page itself is at that address, never for a name it looked up, so rebinding cannot produce one.
///
/// ```swift
/// AllowedHosts(host: "127.0.0.1", port: 8080).allows("localhost:8080")   // true
/// AllowedHosts(host: "127.0.0.1", port: 8080).allows("evil.example:8080") // false
/// ```
public struct AllowedHosts: Sendable, Equatable {
    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The names answered (lowercased, IPv6 addresses without brackets).
    var names: Set<String> {
        ["localhost", "127.0.0.1", "::1", Self.unbracketed(host.lowercased())]
    }

    /// Whether the server listens on every address.
    var listensEverywhere: Bool { ["0.0.0.0", "::", "[::]", "*"].contains(host) }

    /// Whether a request whose `Host` header (its authority) is `authority` is answered; no `Host`, no answer.
    public func allows(_ authority: String?) -> Bool {
        guard let authority, let (name, port) = Self.split(authority.lowercased()) else { return false }
        guard port ?? 80 == self.port else { return false }
        if names.contains(name) { return true }
        return listensEverywhere && Self.isAddress(name)
    }

    /// The text of the refusal.
    public var refusal: String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "docent serve answers only requests addressed to it (Host: \(shown):\(port) or localhost:\(port))\n"
    }

    /// `name:port`, `[v6]:port`, `name` or `[v6]` → the name (IPv6 without brackets) and the port; nil when malformed.
    static func split(_ authority: String) -> (String, Int?)? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let name = String(authority[authority.index(after: authority.startIndex)..<close])
            let rest = authority[authority.index(after: close)...]
            if rest.isEmpty { return (name, nil) }
            guard rest.hasPrefix(":"), let port = port(rest.dropFirst()) else { return nil }
            return (name, port)
        }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard !parts[0].isEmpty else { return nil }
        switch parts.count {
        case 1: return (String(parts[0]), nil)
        case 2:
            guard let port = port(parts[1]) else { return nil }
            return (String(parts[0]), port)
        default: return nil
        }
    }

    /// Digits only (no sign, no spaces), as a port number.
    static func port(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Whether `name` is an IPv4 or IPv6 address (not a name to look up).
    static func isAddress(_ name: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
}
