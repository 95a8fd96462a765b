/// The `main` of a merged executable: picks the program named by `DOCENT_PROGRAM`, unsets the variable (so the
/// program sees the environment it would see alone) and calls that program's entry function.
///
/// ```swift
/// try Data(MergedDispatcher.source.utf8).write(to: URL(fileURLWithPath: "\(folder)/docent_dispatch.swift"))
/// MergedDispatcher.entrySymbol("k1")      // "main_docent_k1_main", exported so `dlsym` finds it
/// ```
/// An unknown or missing program exits with 127 and one line on standard error; it writes nothing to standard output.
enum MergedDispatcher {
    /// Each program's module ABI name: distinct in the link, renamed back to `main` in its object (`MergedObject`).
    static func abiName(_ entry: String) -> String { "main_docent_\(entry)" }

    /// Each program's top-level code, as a C function `int(int, char **)`.
    static func entrySymbol(_ entry: String) -> String { "main_docent_\(entry)_main" }

    static let source = """
        import Glibc

        typealias Entry = @convention(c) (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32

        guard let chosen = getenv("\(MergedProgram.variable)").map({ String(cString: $0) }), !chosen.isEmpty,
              chosen.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 || $0 >= 0x61 && $0 <= 0x7A || $0 == 0x5F }),
              let symbol = dlsym(nil, "main_docent_\\(chosen)_main") else {
            fputs("docent: no program for \(MergedProgram.variable)\\n", stderr)
            exit(127)
        }
        unsetenv("\(MergedProgram.variable)")
        exit(unsafeBitCast(symbol, to: Entry.self)(CommandLine.argc, CommandLine.unsafeArgv))

        """
}
