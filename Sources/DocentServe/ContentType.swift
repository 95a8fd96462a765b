/// The `Content-Type` of a site file, by its extension; unknown files are served as bytes.
public enum ContentType {
    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "xml": "application/xml", "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
        "woff": "font/woff", "woff2": "font/woff2", "wasm": "application/wasm", "pdf": "application/pdf",
        "md": "text/markdown; charset=utf-8",
    ]

    public static func of(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        let ext = path[path.index(after: dot)...].lowercased()
        if path.hasSuffix("/feed.xml") { return "application/atom+xml" }
        return types[ext] ?? "application/octet-stream"
    }
}
