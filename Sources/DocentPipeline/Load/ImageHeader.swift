import DocentCore
import Foundation

/// Reads an image's size in pixels from its first bytes: a PNG's `IHDR`, a JPEG's start-of-frame, a GIF's screen
/// descriptor, an SVG's `width` and `height` attributes (in `px` or without a unit). `nil` when unknown, and when a
/// number read is out of range (zero, negative, not finite, or over ``maximumDimension``): a file's bytes never trap.
///
/// ```swift
/// ImageHeader.size(of: pngData, path: "a.png")   // 640 × 480
/// ```
enum ImageHeader {
    /// The largest width or height believed, in pixels; anything larger is an unknown size, not a page-sized number.
    static let maximumDimension = 1 << 20

    static func size(of data: Data, path: String) -> CatalogImage.Size? {
        let bytes = [UInt8](data.prefix(path.lowercased().hasSuffix(".svg") ? 4096 : data.count))
        switch path.split(separator: ".").last?.lowercased() {
        case "png": return png(bytes)
        case "jpg", "jpeg": return jpeg(bytes)
        case "gif": return gif(bytes)
        case "svg": return svg(String(decoding: bytes, as: UTF8.self))
        default: return nil
        }
    }

    private static func png(_ bytes: [UInt8]) -> CatalogImage.Size? {
        guard bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return positive(bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
    }

    private static func gif(_ bytes: [UInt8]) -> CatalogImage.Size? {
        guard bytes.count >= 10, bytes.starts(with: Array("GIF".utf8)) else { return nil }
        return positive(Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// Walks the segments to the first start-of-frame marker (C0–CF, except C4, C8 and CC).
    private static func jpeg(_ bytes: [UInt8]) -> CatalogImage.Size? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = bigEndian(bytes, index + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return positive(bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    /// The root element's `width` and `height`, when both are plain numbers or pixels.
    private static func svg(_ text: String) -> CatalogImage.Size? {
        guard let open = text.range(of: "<svg") else { return nil }
        guard let close = text[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = text[open.upperBound..<close]
        func attribute(_ name: String) -> Int? {
            for quote in ["\"", "'"] {
                guard let start = tag.range(of: " \(name)=\(quote)") ?? tag.range(of: "\n\(name)=\(quote)"),
                      let end = tag[start.upperBound...].firstIndex(of: Character(quote)) else { continue }
                var value = tag[start.upperBound..<end].trimmingCharacters(in: .whitespaces)
                if value.hasSuffix("px") { value = String(value.dropLast(2)) }
                // `Int(Double)` traps past Int's range (1e300, inf) and on nan: check the range before converting.
                guard let number = Double(value), number.isFinite, number >= 0.5,
                      number.rounded() <= Double(maximumDimension) else { return nil }
                return Int(number.rounded())
            }
            return nil
        }
        guard let width = attribute("width"), let height = attribute("height") else { return nil }
        return .init(width: width, height: height)
    }

    private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func positive(_ width: Int, _ height: Int) -> CatalogImage.Size? {
        (1...maximumDimension).contains(width) && (1...maximumDimension).contains(height) ? .init(width: width, height: height) : nil
    }
}
