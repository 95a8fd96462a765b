import Foundation

/// The symbols an ELF64 object file defines for the other objects of a link (global or unique binding, whatever
/// their visibility: a hidden symbol is still what the other objects' references bind to in one link), read from its
/// symbol table with every offset checked: a malformed file gives `nil`, never a crash. Weak definitions are the
/// compiler's own helpers, identical wherever they appear, of which the linker keeps one.
///
/// ```swift
/// let names = ObjectSymbols.exported(in: objectData)    // ["$s15main_docent_k15PointVMn", "main_docent_k1_main", …]
/// ObjectSymbols.staysInItsModule(objectData, entry: "k1")   // false when it defines `getpid` or `write`
/// ```
/// Merging links every program's object into one executable, where a C name one program defines (`@_cdecl("getpid")`,
/// `@_silgen_name`) would be what every other program's calls bind to. A program merges only when everything it
/// exports is its own: Swift symbols that name its module, and its entry function.
enum ObjectSymbols {
    static func exported(in object: Data) -> [String]? {
        let bytes = [UInt8](object)
        // ELF magic, 64-bit, little-endian.
        guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
              bytes[4] == 2, bytes[5] == 1,
              let sectionTable = read(bytes, at: 0x28, size: 8), let entrySize = read(bytes, at: 0x3A, size: 2),
              let count = read(bytes, at: 0x3C, size: 2), entrySize >= 64,
              sectionTable <= bytes.count else { return nil } // so no offset computed below can overflow
        var names: [String] = []
        for index in 0..<count {
            let header = sectionTable + index * entrySize
            guard let type = read(bytes, at: header + 4, size: 4) else { return nil }
            guard type == 2 else { continue } // SHT_SYMTAB
            guard let offset = read(bytes, at: header + 0x18, size: 8), let size = read(bytes, at: header + 0x20, size: 8),
                  let link = read(bytes, at: header + 0x28, size: 4), let symbolSize = read(bytes, at: header + 0x38, size: 8),
                  symbolSize >= 24, link < count,
                  let stringsOffset = read(bytes, at: sectionTable + link * entrySize + 0x18, size: 8),
                  let stringsSize = read(bytes, at: sectionTable + link * entrySize + 0x20, size: 8),
                  offset <= bytes.count, size <= bytes.count - offset,
                  stringsOffset <= bytes.count, stringsSize <= bytes.count - stringsOffset else { return nil }
            for symbol in stride(from: offset, to: offset + size - symbolSize + 1, by: symbolSize) {
                guard let nameOffset = read(bytes, at: symbol, size: 4), let section = read(bytes, at: symbol + 6, size: 2)
                else { return nil }
                // Global or unique (not local, not weak), and defined here.
                let binding = Int(bytes[symbol + 4] >> 4)
                guard binding == 1 || binding == 10, section != 0 else { continue }
                guard nameOffset < stringsSize,
                      let end = bytes[(stringsOffset + nameOffset)..<(stringsOffset + stringsSize)].firstIndex(of: 0)
                else { return nil }
                names.append(String(decoding: bytes[(stringsOffset + nameOffset)..<end], as: UTF8.self))
            }
        }
        return names
    }

    /// Whether every symbol the object exports is its own: a Swift symbol naming its module's ABI name, or its entry.
    static func staysInItsModule(_ object: Data, entry: String) -> Bool {
        guard let names = exported(in: object) else { return false }
        let abi = MergedDispatcher.abiName(entry)
        let module = "\(abi.utf8.count)\(abi)"
        return names.allSatisfy { name in
            name == MergedDispatcher.entrySymbol(entry) || (name.hasPrefix("$s") && name.contains(module))
        }
    }

    /// The little-endian number of `size` bytes at `offset`, or `nil` past the end.
    private static func read(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value > UInt64(Int.max) ? nil : Int(value)
    }
}
