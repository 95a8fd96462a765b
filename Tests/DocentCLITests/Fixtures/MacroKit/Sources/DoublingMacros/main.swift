import Foundation

// A compiler plugin without swift-syntax: it reads the host's messages (an 8-byte little-endian length, then JSON),
// answers the capability question, and expands `#double(x)` to `((x) * 2)`.

/// Reads exactly `count` bytes from standard input, or `nil` at its end.
func read(_ count: Int) -> Data? {
    var data = Data()
    while data.count < count {
        let chunk = FileHandle.standardInput.readData(ofLength: count - data.count)
        if chunk.isEmpty { return nil }
        data.append(chunk)
    }
    return data
}

/// Writes one message to the host.
func send(_ message: [String: Any]) throws {
    let body = try JSONSerialization.data(withJSONObject: message)
    var size = UInt64(body.count).littleEndian
    FileHandle.standardOutput.write(Data(bytes: &size, count: 8) + body)
}

while let header = read(8) {
    let size = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    guard let body = read(Int(size)), let message = try JSONSerialization.jsonObject(with: body) as? [String: Any] else { break }
    if message["getCapability"] != nil {
        try send(["getCapabilityResult": ["capability": ["protocolVersion": 7]]])
    } else if let expansion = message["expandFreestandingMacro"] as? [String: Any],
              let syntax = expansion["syntax"] as? [String: Any], let source = syntax["source"] as? String,
              let open = source.firstIndex(of: "("), let close = source.lastIndex(of: ")") {
        let argument = source[source.index(after: open)..<close]
        try send(["expandMacroResult": ["expandedSource": "((\(argument)) * 2)", "diagnostics": [Any]()]])
    } else {
        try send(["expandMacroResult": ["diagnostics": [Any]()]])
    }
}
