import Foundation

/// What a `CharacterSet` holds, read from its bitmap: `CharacterSet(10 scalars: A E I O U a e i o u)`, or for a set
/// that holds most of Unicode, `CharacterSet(all but 10 scalars: A E I O U a e i o u)`. Its description on Linux
/// (`<CFCharacterSet Items(…)>`) is the same for a set and its `inverted`; its members are not.
struct CharacterSetSummary {
    /// Scalars listed before `…`.
    static let listed = 10
    static let planeSize = 65_536
    static let planes = 17

    let text: String

    init(_ set: CharacterSet) {
        let bitmap = [UInt8](set.bitmapRepresentation)
        // The bitmap: plane 0's 8 KiB, then for each other plane that has members, its number and 8 KiB.
        var planes = [Int: ArraySlice<UInt8>]()
        let planeBytes = Self.planeSize / 8
        planes[0] = bitmap.prefix(planeBytes)
        var offset = planeBytes
        while offset + 1 + planeBytes <= bitmap.count {
            planes[Int(bitmap[offset])] = bitmap[(offset + 1)..<(offset + 1 + planeBytes)]
            offset += 1 + planeBytes
        }
        let members = planes.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.nonzeroBitCount } }
        let universe = Self.planes * Self.planeSize
        let listsMembers = members * 2 <= universe
        var first: [String] = []
        search: for plane in 0..<Self.planes {
            let bytes = planes[plane]
            for index in 0..<planeBytes {
                let byte = bytes.map { $0[$0.startIndex + index] } ?? 0
                if byte == (listsMembers ? 0 : 0xFF) { continue }
                for bit in 0..<8 where (byte & (1 << bit) != 0) == listsMembers {
                    first.append(Self.name(plane * Self.planeSize + index * 8 + bit))
                    if first.count > Self.listed { break search }
                }
            }
        }
        let count = listsMembers ? members : universe - members
        var list = first.prefix(Self.listed).joined(separator: " ")
        if first.count > Self.listed { list += " …" }
        let what = (listsMembers ? "" : "all but ") + "\(count) scalar" + (count == 1 ? "" : "s")
        text = "CharacterSet(" + what + (list.isEmpty ? "" : ": " + list) + ")"
    }

    /// The scalar itself when it prints visibly on its own, else `U+XXXX`.
    static func name(_ code: Int) -> String {
        if let scalar = Unicode.Scalar(UInt32(code)), !scalar.properties.isWhitespace {
            switch scalar.properties.generalCategory {
            case .control, .format, .surrogate, .privateUse, .unassigned, .nonspacingMark, .enclosingMark,
                 .spacingMark, .lineSeparator, .paragraphSeparator, .spaceSeparator:
                break
            default:
                return String(scalar)
            }
        }
        let hex = String(code, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
