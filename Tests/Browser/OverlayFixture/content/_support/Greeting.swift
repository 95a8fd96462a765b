/// What the article greets with; the browser test saves a version with two compile errors, then a mended one.
public func greeting(for name: String) -> String {
    "Hello, \(name)"
}
