import DocentCore
import Foundation

/// Compiles a run's programs into merged executables: each program an object of its own (its own module and entry
/// function, `jobs` compiles at a time, each in the compile sandbox as today), then one link per group of programs
/// that can share one (the same Swift version and imports), with the dispatcher.
///
/// ```swift
/// let merged = try builder.build(candidates, in: scratchFolder, workers: 2)
/// merged[key]?.outcome(placedAt: "\(articleFolder)/shared0")      // what the article's resolver takes
/// ```
/// Whatever does not merge is missing from `merged`, and its article compiles it as before: a program that does not
/// compile here (its errors are its article's first compile, in `checked`, when they surely are), whose module name
/// cannot be patched safely, or that the linker names in a failed link
/// (the group is linked again without it); a group whose link fails without naming a program is left out whole.
struct MergedBuilder: Sendable {
    var compiler: SwiftCompiler
    var modules: [SwiftCompiler.Module]
    var moduleCache: Once<String?>
    /// The result cache, when there is one: each merged program gets the compile entry its run joins.
    var cache: ProgramCache?
    var counts: ExecutionCounts

    /// A program to merge, under its cache key.
    struct Candidate: Sendable {
        var key: String
        var program: ProgramPlan
        var timeLimit: Double
        var memoryLimit: Int
        /// The article it is a program of: a failed compile is answered for it only when all its errors are there.
        var articlePath = ""

        /// The program's name in the merged executable.
        var entry: String { "k" + key.prefix(24) }

        /// Programs link together only when they load the same libraries: the same Swift version, and the same
        /// imports besides those every program loads (`common`: Foundation, which the runtime imports, and the
        /// modules every program links), so no program loads a library (FoundationNetworking) it would not alone.
        func group(common: Set<String>) -> String {
            let imports = Set(program.source.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ").map(String.init)
                guard let index = words.firstIndex(of: "import") else { return nil }
                return words.dropFirst(index + 1).joined(separator: " ")
            }).subtracting(common)
            return "\(program.swiftVersion) " + imports.sorted().joined(separator: ",")
        }
    }

    /// What a batch built: the merged program of each candidate that compiled and linked, and the outcome of each
    /// check answered ahead and of each candidate whose failed compile its article can take (`failure`), by cache key.
    struct Built: Sendable {
        var merged: [String: MergedProgram] = [:]
        var checked: [String: CompileOutcome] = [:]
    }

    /// The merged program of each candidate that compiled and linked, by cache key.
    func build(_ candidates: [Candidate], in directory: String, workers: Int) throws -> [String: MergedProgram] {
        try build(candidates, checking: [], in: directory, workers: workers).merged
    }

    /// The merged program of each candidate that compiled and linked, and the answer of each check (`Check`), made in
    /// the same sandboxes, by cache key.
    func build(_ candidates: [Candidate], checking checks: [Check], in directory: String, workers: Int) throws -> Built {
        var unique: [String: Candidate] = [:]
        for candidate in candidates where unique[candidate.key] == nil { unique[candidate.key] = candidate }
        let list = unique.values.sorted { $0.key < $1.key }
        var uniqueChecks: [String: Check] = [:]
        for check in checks where uniqueChecks[check.key] == nil && unique[check.key] == nil { uniqueChecks[check.key] = check }
        let (objects, checked) = try compiled(list, checks: uniqueChecks.values.sorted { $0.key < $1.key }, in: directory,
                                              workers: workers)
        for (key, outcome) in checked {
            let check = uniqueChecks[key] ?? unique[key].map { Check(key: key, program: $0.program, articlePath: $0.articlePath,
                                                                      timeLimit: $0.timeLimit, memoryLimit: $0.memoryLimit) }
            check?.store(outcome, in: cache)
        }
        var groups: [String: [(candidate: Candidate, object: String)]] = [:]
        let common = Set(["Swift", "Foundation", "Glibc", "Dispatch"] + modules.map(\.name))
        for (candidate, object) in zip(list, objects) {
            guard let path = object else { continue }
            groups[candidate.group(common: common), default: []].append((candidate, path))
        }
        var merged: [String: MergedProgram] = [:]
        for (number, members) in groups.values.sorted(by: { $0[0].candidate.key < $1[0].candidate.key }).enumerated() {
            guard let executable = try? link(members.map(\.object), in: directory, number: number) else { continue }
            for (candidate, object) in members where executable.linked.contains(object) {
                merged[candidate.key] = MergedProgram(executable: executable.path, entry: candidate.entry)
                cache?.store(CachedProgram(compile: CompileOutcome(succeeded: true), run: nil), key: candidate.key)
            }
        }
        return Built(merged: merged, checked: checked)
    }

    /// Each candidate's object, or `nil`, and the outcome of each check that is answered ahead: sandboxed, `workers`
    /// sandboxes each compile their share one program after another (one start for many compiles); otherwise each
    /// candidate compiles apart, and no check is made ahead (its article compiles it as before).
    private func compiled(_ list: [Candidate], checks: [Check], in directory: String,
                          workers: Int) throws -> (objects: [String?], checked: [String: CompileOutcome]) {
        guard compiler.sandbox != nil else {
            let answers = list.concurrentMap(workers: workers) { candidate in try object(for: candidate, in: directory) }
                .map { (try? $0.get()) ?? nil }
            var checked: [String: CompileOutcome] = [:]
            for answer in answers { if case .checked(let key, let outcome)? = answer { checked[key] = outcome } }
            return (answers.map { if case .object(let path)? = $0 { path } else { nil } }, checked)
        }
        // The programs that link apart first: the longest compiles, made while the others compile, not after the link.
        let ahead = checks.filter(\.links).map(BatchJob.check)
        let jobs = ahead + list.map(BatchJob.object) + checks.filter { !$0.links }.map(BatchJob.check)
        let shares = max(1, min(workers, jobs.count))
        let chunks = (0..<shares).map { share in Array(jobs.indices.filter { $0 % shares == share }) }
        let results = chunks.concurrentMap(workers: shares) { indices in
            try batch(indices.map { jobs[$0] }, in: directory)
        }
        var objects = [String?](repeating: nil, count: list.count)
        var checked: [String: CompileOutcome] = [:]
        for (indices, result) in zip(chunks, results) {
            guard case .success(let answers) = result else { continue }
            for (index, answer) in zip(indices, answers) {
                switch answer {
                case .object(let path): objects[index - ahead.count] = path
                case .checked(let key, let outcome): checked[key] = outcome
                case nil: continue
                }
            }
        }
        return (objects, checked)
    }

    /// One compile of a batch: a program to compile to an object for merging, or a program to check ahead.
    private enum BatchJob {
        case object(Candidate)
        case check(Check)

        var program: ProgramPlan {
            switch self {
            case .object(let candidate): candidate.program
            case .check(let check): check.program
            }
        }
        var timeLimit: Double {
            switch self {
            case .object(let candidate): candidate.timeLimit
            case .check(let check): check.timeLimit
            }
        }
        var memoryLimit: Int {
            switch self {
            case .object(let candidate): candidate.memoryLimit
            case .check(let check): check.memoryLimit
            }
        }
        /// What the compile makes: an object to merge, an executable linked apart, or nothing (a type-check); a
        /// batch learns one frontend command (`FrontendTemplate`) per kind and Swift version.
        var kind: String {
            switch self {
            case .object: "object"
            case .check(let check): check.links ? "executable" : "check"
            }
        }
        /// The name of the file the compile writes in the job's folder, if any.
        var outputName: String? {
            switch self {
            case .object(let candidate): "\(candidate.entry).o"
            case .check(let check): check.links ? check.program.name : nil
            }
        }
        /// An object's module ABI name and entry function (empty for a check).
        var abiName: String {
            if case .object(let candidate) = self { MergedDispatcher.abiName(candidate.entry) } else { "" }
        }
        var entrySymbol: String {
            if case .object(let candidate) = self { MergedDispatcher.entrySymbol(candidate.entry) } else { "" }
        }
        /// The job's folder in the batch's folder.
        var folderName: String {
            switch self {
            case .object(let candidate): candidate.entry
            case .check(let check): "c" + check.key.prefix(24)
            }
        }
    }

    /// What one compile of a batch gave.
    private enum BatchAnswer {
        case object(String)
        case checked(key: String, CompileOutcome)
    }

    /// Compiles `chunk` in one sandbox, one `swiftc` after another under its own compile-time limit (`timeout`), each
    /// in a folder of its own with its messages and exit status in files beside its output.
    private func batch(_ chunk: [BatchJob], in directory: String) throws -> [BatchAnswer?] {
        guard !chunk.isEmpty else { return [] }
        let longest = chunk.map(\.timeLimit).max() ?? 60
        let limits = ProgramLimits(memory: chunk.map(\.memoryLimit).max() ?? 2 << 30, cpuSeconds: Int(longest.rounded(.up)) * 2 + 1,
                                   fileSize: SwiftCompiler.outputSizeLimit)
        let cache = try moduleCache.value()
        counts.add(batchOf: chunk.count)
        let total = chunk.map(\.timeLimit).reduce(0, +) + 10
        guard let (_, folder) = try compiler.runScript(under: directory, modules: modules, moduleCache: cache, timeLimit: total,
                                                     limits: limits, script: { folder, modules in
            var lines = ["#!/bin/sh"]
            // The frontend command `swiftc` would start, learnt once per kind of compile and Swift version: each
            // compile of the batch starts it directly.
            var templates: [String: FrontendTemplate?] = [:]
            for job in chunk {
                let own = "\(folder)/\(job.folderName)"
                try FileManager().createDirectory(atPath: own, withIntermediateDirectories: true)
                let source = "\(own)/\(job.program.name).swift"
                try Data(job.program.source.utf8).write(to: URL(fileURLWithPath: source))
                if let user = compiler.sandbox?.sandbox.hostUser { try HandOver.give(own, to: user) }
                let output = job.outputName.map { "\(own)/\($0)" }
                let driver = ["-module-cache-path", CompileSandbox.moduleCachePath]
                    + Self.driverArguments(job, source: source, output: output, modules: modules)
                let shape = "\(job.kind) \(job.program.swiftVersion)"
                if templates[shape] == nil {
                    let placeholders = Self.driverArguments(job, source: FrontendTemplate.source,
                                                            output: output == nil ? nil : FrontendTemplate.output,
                                                            abiName: FrontendTemplate.abiName,
                                                            entrySymbol: FrontendTemplate.entrySymbol, modules: modules)
                    templates[shape] = .some(FrontendTemplate.learn(driverArguments: Array(driver.prefix(2)) + placeholders,
                                                                    compiler: compiler, directory: folder))
                }
                var command = [compiler.swiftc] + driver
                if case let template?? = templates[shape] {
                    counts.add(driverless: 1)
                    command = template.filled([FrontendTemplate.source: source, FrontendTemplate.output: output ?? "",
                                               FrontendTemplate.abiName: job.abiName, FrontendTemplate.entrySymbol: job.entrySymbol])
                }
                let arguments = ["timeout", "-s", "KILL", String(Int(job.timeLimit.rounded(.up)))] + command
                lines.append("(cd \(Self.quoted(own)) && " + arguments.map(Self.quoted).joined(separator: " ")
                             + " > /dev/null 2> messages.txt; echo $? > status.txt)")
            }
            return lines.joined(separator: "\n") + "\n"
        }) else { return chunk.map { _ in nil } }
        defer { try? FileManager().removeItem(atPath: folder) }
        return try chunk.map { job in
            let own = "\(folder)/\(job.folderName)"
            guard let text = try? String(contentsOfFile: "\(own)/status.txt", encoding: .utf8),
                  let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
            switch job {
            case .object(let candidate):
                guard status == 0 else {
                    let messages = (try? String(contentsOfFile: "\(own)/messages.txt", encoding: .utf8)) ?? ""
                    return candidate.failure(status: status, standardError: messages).map { .checked(key: candidate.key, $0) }
                }
                return try place(objectAt: "\(own)/\(candidate.entry).o", of: candidate, in: directory).map(BatchAnswer.object)
            case .check(let check):
                let messages = (try? String(contentsOfFile: "\(own)/messages.txt", encoding: .utf8)) ?? ""
                var executable: String?
                if check.links, status == 0 {
                    // Kept beside the merged executables until the run ends; its article links it into its folder.
                    executable = "\(directory)/x\(check.key.prefix(24))"
                    try? FileManager().removeItem(atPath: executable!)
                    guard (try? FileManager().moveItem(atPath: "\(own)/\(check.program.name)", toPath: executable!)) != nil
                    else { return nil }
                }
                return check.answer(status: status, standardError: messages, executable: executable)
                    .map { .checked(key: check.key, $0) }
            }
        }
    }

    /// The arguments that compile `candidate` to an object for merging.
    private static func objectArguments(_ candidate: Candidate, source: String, output: String,
                                        modules: [SwiftCompiler.Module]) -> [String] {
        objectArguments(abiName: MergedDispatcher.abiName(candidate.entry), entrySymbol: MergedDispatcher.entrySymbol(candidate.entry),
                        swiftVersion: candidate.program.swiftVersion, source: source, output: output, modules: modules)
    }

    private static func objectArguments(abiName: String, entrySymbol: String, swiftVersion: Int, source: String, output: String,
                                        modules: [SwiftCompiler.Module]) -> [String] {
        ["-c", "-module-abi-name", abiName, "-Xfrontend", "-entry-point-function-name", "-Xfrontend", entrySymbol]
            + SwiftCompiler.programArguments(main: source, output: output, swiftVersion: swiftVersion, modules: modules)
    }

    /// The `swiftc` arguments of a batch's compile (the module cache aside): an object for merging, or a check with
    /// exactly the arguments its article's compile would have (only type-checked, nothing linked).
    private static func driverArguments(_ job: BatchJob, source: String, output: String?, abiName: String? = nil,
                                        entrySymbol: String? = nil, modules: [SwiftCompiler.Module]) -> [String] {
        switch job {
        case .object:
            objectArguments(abiName: abiName ?? job.abiName, entrySymbol: entrySymbol ?? job.entrySymbol,
                            swiftVersion: job.program.swiftVersion, source: source, output: output ?? "", modules: modules)
        case .check(let check):
            SwiftCompiler.programArguments(main: source, output: output, swiftVersion: check.program.swiftVersion, modules: modules)
        }
    }

    /// `text` as one word of a shell script.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The object at `path`, its module renamed back to `main`, as `<directory>/<entry>.o`; `nil` when it cannot be,
    /// or when it exports a name that is not its own (`ObjectSymbols`), which would bind other programs' calls.
    private func place(objectAt path: String, of candidate: Candidate, in directory: String) throws -> String? {
        guard let data = FileManager().contents(atPath: path), ObjectSymbols.staysInItsModule(data, entry: candidate.entry),
              let patched = MergedObject.patch(data, entry: candidate.entry)
        else { return nil }
        let placed = "\(directory)/\(candidate.entry).o"
        try patched.write(to: URL(fileURLWithPath: placed))
        return placed
    }

    /// Compiles one program to `<directory>/<entry>.o`, its module renamed back to `main`; when it does not compile,
    /// the outcome its article takes (`failure`), if sure; `nil` when neither (its article compiles it, and reports why).
    private func object(for candidate: Candidate, in directory: String) throws -> BatchAnswer? {
        let program = candidate.program
        let limits = ProgramLimits(memory: candidate.memoryLimit, cpuSeconds: Int(candidate.timeLimit.rounded(.up)) * 2 + 1,
                                   fileSize: SwiftCompiler.outputSizeLimit)
        let cache = try moduleCache.value()
        counts.add(compiles: 1)
        var output = ""
        let (outcome, folder) = try compiler.run(under: directory, modules: modules, moduleCache: cache,
                                                 timeLimit: candidate.timeLimit, limits: limits) { folder, modules in
            let source = "\(folder)/\(program.name).swift"
            output = "\(folder)/\(candidate.entry).o"
            try Data(program.source.utf8).write(to: URL(fileURLWithPath: source))
            return Self.objectArguments(candidate, source: source, output: output, modules: modules)
        }
        defer { try? FileManager().removeItem(atPath: folder) }
        guard outcome.succeeded else {
            guard case .exited(let status) = outcome.termination else { return nil }
            return candidate.failure(status: status, standardError: outcome.standardError).map { .checked(key: candidate.key, $0) }
        }
        return try place(objectAt: output, of: candidate, in: directory).map(BatchAnswer.object)
    }

    /// The linked executable and the objects in it.
    private struct Linked {
        var path: String
        var linked: Set<String>
    }

    /// Links `objects` with the modules and the dispatcher into `<directory>/merged<number>`. When the linker names
    /// objects (a C name two programs define, an undefined symbol), it links again without them, twice at most.
    private func link(_ objects: [String], in directory: String, number: Int) throws -> Linked? {
        var remaining = objects
        for _ in 0..<3 where !remaining.isEmpty {
            counts.add(links: 1)
            let inputs = remaining
            let (outcome, folder) = try compiler.run(under: directory, modules: modules, moduleCache: try moduleCache.value(),
                                                     timeLimit: 600, limits: ProgramLimits(memory: 4 << 30, cpuSeconds: 600,
                                                                                           fileSize: SwiftCompiler.outputSizeLimit)) { folder, modules in
                var staged: [String] = []
                for object in inputs {
                    let copy = "\(folder)/\(URL(fileURLWithPath: object).lastPathComponent)"
                    try FileManager().copyItem(atPath: object, toPath: copy)
                    staged.append(copy)
                }
                let dispatcher = "\(folder)/docent_dispatch.swift"
                try Data(MergedDispatcher.source.utf8).write(to: URL(fileURLWithPath: dispatcher))
                var arguments = ["-module-name", "docent_dispatch", "-diagnostic-style", "llvm"]
                for module in modules { arguments += ["-L", module.directory, "-l\(module.name)"] }
                for function in RuntimeContract.interposedFunctions {
                    arguments += ["-Xlinker", "--undefined=\(function)", "-Xlinker", "--export-dynamic-symbol=\(function)"]
                }
                for object in inputs {
                    let entry = URL(fileURLWithPath: object).deletingPathExtension().lastPathComponent
                    arguments += ["-Xlinker", "--export-dynamic-symbol=\(MergedDispatcher.entrySymbol(entry))"]
                }
                return arguments + staged + [dispatcher, "-o", "\(folder)/main"]
            }
            defer { try? FileManager().removeItem(atPath: folder) }
            if outcome.succeeded {
                let path = "\(directory)/merged\(number)"
                try FileManager().moveItem(atPath: "\(folder)/main", toPath: path)
                return Linked(path: path, linked: Set(remaining))
            }
            let named = remaining.filter { outcome.standardError.contains(URL(fileURLWithPath: $0).lastPathComponent) }
            guard !named.isEmpty else { return nil }
            remaining.removeAll { named.contains($0) }
        }
        return nil
    }
}
