/// `#double(x)` is `x * 2`, expanded by the package's macro plugin at compile time.
@freestanding(expression)
public macro double(_ value: Int) -> Int = #externalMacro(module: "DoublingMacros", type: "DoubleMacro")

/// A function beside the macro, so the library has code of its own.
public func half(_ value: Int) -> Int { value / 2 }
