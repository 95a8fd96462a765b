import ArgumentParser

/// How article programs run, shared by `build` and `test` through `@OptionGroup`.
public struct ExecutionOptions: ParsableArguments {
    @Flag(name: .long, help: "Run article programs without the bubblewrap sandbox (resource limits still apply).")
    public var noSandbox = false

    public init() {}
}
