// The functions `swiftc -Xfrontend -playground -Xfrontend -pc-macro` calls from an article's program, and the two
// Docent's generated code calls. Docent embeds these files and compiles them, once per toolchain, into the module
// `PlaygroundRuntime` (a module of its own, or the transform would instrument it too); SwiftPM builds the same
// files as a target so they are tested like the rest of the code.
// Docent's are `RuntimeContract.startEntryPoint`, `.snippetEntryPoint` and `.testEntryPoint`; every name here starts with one of
// `RuntimeContract.reservedNamePrefixes` (RuntimeContractTests checks both).

/// Called by Docent's generated code before anything else: starts the runtime, which reads its token then.
public func __docent_start() {
    _ = DocentRuntime.shared
}

/// Called by Docent's generated code before snippet `index` of the program runs.
public func __docent_snippet(_ index: Int) {
    DocentRuntime.shared.recorder.beginSnippet(index)
}

/// Called by Docent's generated code after the last snippet of a program whose snippets declare Swift Testing tests.
public func __docent_run_tests() {
    TestRunner.run(recorder: DocentRuntime.shared.recorder)
}

public func __builtin_log_with_id<T>(_ value: T, _ name: String, _ id: Int, _ startLine: Int, _ endLine: Int,
                                     _ startColumn: Int, _ endColumn: Int, _ moduleID: Int,
                                     _ fileID: Int) -> AnyObject? {
    DocentRuntime.shared.recorder.log(value, line: startLine, column: startColumn)
    return nil
}

public func __builtin_log_scope_entry(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                      _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    nil
}

public func __builtin_log_scope_exit(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                     _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    nil
}

/// After a `print`: its text goes to Docent at once, so a trap or a kill later in the snippet does not lose it.
public func __builtin_postPrint(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                _ moduleID: Int, _ fileID: Int) -> AnyObject? {
    DocentRuntime.shared.recorder.didPrint()
    return nil
}

public func __builtin_pc_before(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                                _ moduleID: Int, _ fileID: Int) {
    guard startLine >= DocentRecorder.firstArticleLine else { return }
    ThreadState.current.enter(line: startLine, column: startColumn)
}

public func __builtin_pc_after(_ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
                               _ moduleID: Int, _ fileID: Int) {
    guard startLine >= DocentRecorder.firstArticleLine else { return }
    ThreadState.current.leave(line: startLine, column: startColumn)
}

public func __builtin_send_data(_ object: AnyObject?) {}
