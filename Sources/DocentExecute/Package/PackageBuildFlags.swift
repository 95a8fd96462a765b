import DocentCore
import Foundation

/// Reads, from the build plan SwiftPM wrote (`<scratch>/<configuration>.yaml`), the command that compiled the
/// wrapper's module, and keeps the arguments that let another compile import what it imported: module search
/// paths, framework paths, Clang's module maps and header paths, and macro plugins. Docent adds no flag of its own
/// guessing; whatever a package's C targets, system libraries or macros need, SwiftPM already put there.
///
/// ```swift
/// let flags = try PackageBuildFlags.importArguments(plan: planText, module: "DocentPackageLink")
/// // ["-I", "/…/debug/Modules", "-Xcc", "-fmodule-map-file=/…/CGeometry.build/module.modulemap", …]
/// ```
enum PackageBuildFlags {
    /// How the flags are read: part of the remembered build's key, so a build remembered with flags read otherwise
    /// (a macro plugin's path lost, before 2; no symbol graphs, before 3; symbols without their types, before 4) is
    /// read again.
    static let readerVersion = "4"

    /// Options kept with the value that follows them.
    static let keptWithValue: Set<String> = ["-I", "-F", "-Fsystem", "-Isystem", "-Xcc", "-plugin-path",
                                             "-external-plugin-path", "-load-plugin-library", "-load-plugin-executable"]

    /// The import arguments of the command compiling `module`; throws when the plan has no such command.
    static func importArguments(plan: String, module: String) throws -> [String] {
        guard let arguments = commandArguments(plan: plan, description: "Compiling Swift Module '\(module)'") else {
            throw DiagnosticError([PackageDiagnostics.buildPlanUnread(module: module)])
        }
        return kept(arguments)
    }

    /// The arguments (a JSON array in the plan) of the command with this description.
    static func commandArguments(plan: String, description: String) -> [String]? {
        var found = false
        for line in plan.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("description: \"\(description)") { found = true; continue }
            if found, trimmed.hasPrefix("args: ") {
                return try? JSONDecoder().decode([String].self, from: Data(trimmed.dropFirst("args: ".count).utf8))
            }
            if found, trimmed.hasPrefix("\"") { return nil }   // the next command began without arguments
        }
        return nil
    }

    /// The kept options, in order, each with its value.
    static func kept(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "-Xfrontend", index + 3 < arguments.endIndex, keptWithValue.contains(arguments[index + 1]),
               arguments[index + 2] == "-Xfrontend" {
                // `-Xfrontend -load-plugin-executable -Xfrontend <tool>#<Module>`: a macro plugin, passed to the
                // frontend as SwiftPM passed it, its value with it (taken alone, the value was the second -Xfrontend).
                kept += Array(arguments[index...(index + 3)])
                index += 4
            } else if keptWithValue.contains(argument), index + 1 < arguments.endIndex {
                // `-Xcc -fPIC`, `-Xcc -g`: code generation for the wrapper, not what an import needs.
                let value = arguments[index + 1]
                if argument != "-Xcc" || Self.isImportFlag(value, after: kept) { kept += [argument, value] }
                index += 2
            } else {
                index += 1
            }
        }
        return kept
    }

    /// Whether a Clang flag passed through `-Xcc` is about finding headers and modules.
    private static func isImportFlag(_ value: String, after kept: [String]) -> Bool {
        // The value of `-Xcc -I -Xcc <path>` arrives as the flag after a kept `-Xcc -I`.
        if kept.count >= 2, kept[kept.count - 2] == "-Xcc", ["-I", "-isystem", "-F"].contains(kept[kept.count - 1]) { return true }
        return ["-I", "-isystem", "-F", "-fmodule-map-file=", "-D"].contains { value.hasPrefix($0) }
    }
}
