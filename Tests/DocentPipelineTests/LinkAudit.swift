import Foundation

/// Reads every HTML page of a built site as a browser would and lists the relative `href`/`src` values that lead
/// nowhere: to no file, out of the site, or to a `#fragment` that no `id` on the target page carries.
///
/// It is the oracle for docent's link resolution, so it shares none of its code: the tags are scanned, the
/// entities decoded and the paths resolved here, from the files alone.
struct LinkAudit {
    /// How many relative links and fragments were followed.
    private(set) var links = 0
    /// `page: link` for every link that leads nowhere.
    private(set) var broken: [String] = []

    /// One tag's attributes, as written (entities decoded).
    typealias Attributes = [String: String]

    init(site: String) throws {
        let files = Self.files(under: site)
        var ids: [String: Set<String>] = [:]
        var references: [(page: String, link: String)] = []
        for page in files.filter({ $0.hasSuffix(".html") }).sorted() {
            let html = try String(contentsOfFile: "\(site)/\(page)", encoding: .utf8)
            let tags = Self.tags(in: html)
            ids[page] = Set(tags.compactMap { $0.attributes["id"] })
            for tag in tags {
                for name in ["href", "src"] { if let link = tag.attributes[name] { references.append((page, link)) } }
            }
        }
        for (page, link) in references {
            guard let (path, fragment) = Self.relativeParts(of: link) else { continue }
            links += 1
            guard let target = Self.resolve(path, from: page, files: files) else {
                broken.append("\(page): \(link)")
                continue
            }
            if let fragment, !fragment.isEmpty, target.hasSuffix(".html"), !(ids[target] ?? []).contains(fragment) {
                broken.append("\(page): \(link)")
            }
        }
    }

    /// Every file below `root`, relative to it.
    static func files(under root: String) -> Set<String> {
        var result: Set<String> = []
        guard let enumerator = FileManager().enumerator(atPath: root) else { return [] }
        while let file = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular { result.insert(file) }
        }
        return result
    }

    /// The start tags of `html` with their attributes; comments and the text of scripts and styles are passed over.
    static func tags(in html: String) -> [(name: String, attributes: Attributes)] {
        var result: [(String, Attributes)] = []
        let scalars = Array(html.unicodeScalars)
        var index = 0
        func skip(past marker: String) {
            let marker = Array(marker.unicodeScalars)
            while index < scalars.count {
                if scalars[index...].starts(with: marker) { index += marker.count; return }
                index += 1
            }
        }
        while index < scalars.count {
            guard scalars[index] == "<" else { index += 1; continue }
            index += 1
            if scalars[index...].starts(with: "!--".unicodeScalars) { skip(past: "-->"); continue }
            var name = ""
            while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            if name.isEmpty { continue }  // an end tag, a doctype, or a `<` in text
            var attributes: Attributes = [:]
            while index < scalars.count, scalars[index] != ">" {
                if scalars[index] == " " || scalars[index] == "\n" || scalars[index] == "\t" || scalars[index] == "/" { index += 1; continue }
                var key = ""
                while index < scalars.count, !" \n\t=>/".unicodeScalars.contains(scalars[index]) {
                    key.unicodeScalars.append(scalars[index])
                    index += 1
                }
                var value = ""
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    let quote = index < scalars.count && (scalars[index] == "\"" || scalars[index] == "'") ? scalars[index] : nil
                    if quote != nil { index += 1 }
                    while index < scalars.count, quote.map({ scalars[index] != $0 }) ?? !" \n\t>".unicodeScalars.contains(scalars[index]) {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    if quote != nil { index += 1 }
                }
                if !key.isEmpty { attributes[key.lowercased()] = decodeEntities(value) }
            }
            index += 1
            let lowered = name.lowercased()
            result.append((lowered, attributes))
            if lowered == "script" || lowered == "style" { skip(past: "</\(lowered)") }
        }
        return result
    }

    /// `text` with the character references HTML writers use (`&amp;`, `&quot;`, `&#39;`, `&#x27;`…) decoded.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named = ["amp": "&", "quot": "\"", "apos": "'", "lt": "<", "gt": ">"]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[rest.index(after: ampersand)...]
            guard let semicolon = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semicolon) <= 10 else {
                result += "&"
                continue
            }
            let entity = String(rest[..<semicolon])
            var decoded = named[entity]
            if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                decoded = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if entity.hasPrefix("#") {
                decoded = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
            }
        }
        return result + rest
    }

    /// The path (percent-decoded) and fragment of a link inside the site; `nil` for links with a scheme
    /// (`https:`, `mailto:`, `data:`), to another host (`//…`), or from the server's root (`/…`).
    static func relativeParts(of link: String) -> (path: String, fragment: String?)? {
        if link.hasPrefix("/") { return nil }
        if let colon = link.firstIndex(of: ":"), !link[..<colon].isEmpty,
           link[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }),
           link.first!.isLetter {
            return nil
        }
        var path = Substring(link)
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[path.index(after: hash)...]).removingPercentEncoding
            path = path[..<hash]
        }
        if let question = path.firstIndex(of: "?") { path = path[..<question] }
        return (String(path).removingPercentEncoding ?? String(path), fragment)
    }

    /// The site file `path`, written on `page`, leads to: a folder's `index.html` when it names a folder;
    /// `nil` when it leaves the site or names nothing.
    static func resolve(_ path: String, from page: String, files: Set<String>) -> String? {
        var segments = page.split(separator: "/").dropLast().map(String.init)
        if path.isEmpty { return page }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            switch part {
            case "..":
                if segments.isEmpty { return nil }
                segments.removeLast()
            case ".", "":
                continue
            default:
                segments.append(part)
            }
        }
        let joined = segments.joined(separator: "/")
        let namesFolder = path.hasSuffix("/") || parts.last == "." || parts.last == ".."
        let target = namesFolder ? (joined.isEmpty ? "index.html" : joined + "/index.html") : joined
        return files.contains(target) ? target : nil
    }
}
