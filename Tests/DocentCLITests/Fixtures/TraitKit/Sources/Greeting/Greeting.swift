/// A greeting, with any trait.
public func greet(_ name: String) -> String { "Hello, \(name)" }

#if Polite
/// Thanks, with the Polite trait (a default one).
public func thank(_ name: String) -> String { "Thank you, \(name)" }
#endif

#if Loud
/// A shout, with the Loud trait only.
public func shout(_ name: String) -> String { "HELLO, \(name.uppercased())!" }
#endif

/// A whisper: internal, for `@testable` examples.
func whisper(_ name: String) -> String { "psst, \(name)" }
