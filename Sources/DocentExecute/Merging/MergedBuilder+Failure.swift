import DocentCore

extension MergedBuilder.Candidate {
    /// What its article's own compile would give, from the merged build's compile of it that failed: the same
    /// program, the same compiler, arguments that differ only in what is made of a program that compiles (an object
    /// with a module ABI name and an entry function of its own, not a linked executable). The article then takes
    /// this as its first compile instead of compiling the program again to learn its errors.
    ///
    /// ```swift
    /// candidate.failure(status: 1, standardError: "content/x.md:100001:14: error: cannot convert …")  // failed, 1 message
    /// ```
    /// Only when it is sure: the compiler exited with 1, for no fault of the machine (``CompilerFault``) and without
    /// crashing, and every error and note it printed is in the article, in Docent's own lines or in a module, never
    /// in the program's file in the batch's folder (whose path the article's compile would print differently).
    func failure(status: Int32, standardError: String) -> CompileOutcome? {
        guard status == 1, CompilerFault(standardError: standardError) == nil,
              !CompilerMessages.compilerCrashed(standardError) else { return nil }
        let messages = CompilerOutput.errors(in: standardError)
        guard !messages.isEmpty, inArticle(standardError) else { return nil }
        return CompileOutcome(succeeded: false, messages: messages, standardError: standardError)
    }

    /// Whether every message the compiler printed is in the article, in Docent's own lines or in a module, never in
    /// the program's file in the batch's folder (whose path the article's own compile would print differently).
    func inArticle(_ standardError: String) -> Bool {
        let file = "/\(program.name).swift"
        let known = [articlePath, ProgramLines.generatedFile, ProgramLines.importsFile]
        return !articlePath.isEmpty && CompilerOutput.errors(in: standardError).allSatisfy { message in
            known.contains(message.path) && !message.notes.contains { $0.path.hasSuffix(file) }
        }
    }
}
