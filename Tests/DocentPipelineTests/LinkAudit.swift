import Foundation
@testable import DocentPipeline

/// Reads every HTML page of a built site and lists the relative `href`/`src` values that lead nowhere,
/// as a reader's browser would follow them.
enum LinkAudit {
    static func brokenLinks(in site: String) throws -> [String] {
        let fileSystem = LocalFileSystem()
        let files = try fileSystem.files(under: site)
        let existing = Set(files)
        let pattern = try NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#)
        var broken: [String] = []
        for page in files where page.hasSuffix(".html") {
            let html = try String(contentsOfFile: "\(site)/\(page)", encoding: .utf8)
            let directory = page.split(separator: "/").dropLast().map(String.init)
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                guard let range = Range(match.range(at: 1), in: html) else { continue }
                var link = String(html[range])
                if link.hasPrefix("#") || LinkResolver.hasScheme(link) || link.hasPrefix("/") { continue }
                if let cut = link.firstIndex(where: { $0 == "#" || $0 == "?" }) { link = String(link[..<cut]) }
                let decoded = (link.removingPercentEncoding ?? link).replacingOccurrences(of: "&amp;", with: "&")
                guard var target = LinkResolver.normalize(directory + decoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init)) else {
                    broken.append("\(page): \(link)")
                    continue
                }
                while target.hasSuffix("/") { target.removeLast() }
                if target.isEmpty || decoded.hasSuffix("/") || decoded.isEmpty {
                    target = target.isEmpty ? "index.html" : target + "/index.html"
                }
                if !existing.contains(target) { broken.append("\(page): \(link)") }
            }
        }
        return broken
    }
}
