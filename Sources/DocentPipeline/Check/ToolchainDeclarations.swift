import DocentExecute

/// Names that modules the toolchain ships declare and that examples often use without importing them: for
/// `cannot find 'UUID' in scope`, the failure says which module declares the name and how to import it. The list is
/// checked against the real toolchain by a test (each name must compile after `import` of its module).
///
/// ```swift
/// ToolchainDeclarations.hint(for: "cannot find type 'URL' in scope")
/// // "'URL' is declared by Foundation, which this example does not import: add `import Foundation` …"
/// ```
enum ToolchainDeclarations {
    /// Module → names it declares (types, functions, globals), on Linux.
    static let modules: [(module: String, names: [String])] = [
        ("Foundation", ["URL", "URLComponents", "URLQueryItem", "Data", "UUID", "Date", "DateFormatter", "DateComponents",
                        "ISO8601DateFormatter", "Calendar", "TimeZone", "Locale", "TimeInterval", "JSONEncoder", "JSONDecoder",
                        "PropertyListEncoder", "PropertyListDecoder", "JSONSerialization", "FileManager", "ProcessInfo",
                        "Bundle", "NumberFormatter", "CharacterSet", "Decimal", "NSDecimalNumber", "NSNumber", "NSString",
                        "NSRegularExpression", "NSRange", "NSError", "NSLock", "NSRecursiveLock", "NSCondition", "Thread",
                        "Measurement", "UnitLength", "IndexSet", "IndexPath", "Notification", "NotificationCenter",
                        "Scanner", "Timer", "RunLoop", "OperationQueue", "BlockOperation", "ByteCountFormatter",
                        "AttributedString", "FileHandle", "Pipe", "Process", "UserDefaults", "NSObject",
                        "sqrt", "pow", "exp", "log", "sin", "cos", "tan", "floor", "ceil", "fabs", "arc4random_uniform"]),
        ("FoundationNetworking", ["URLSession", "URLRequest", "URLResponse", "HTTPURLResponse", "URLSessionConfiguration"]),
        ("Dispatch", ["DispatchQueue", "DispatchGroup", "DispatchSemaphore", "DispatchTime", "DispatchWorkItem"]),
        ("Synchronization", ["Mutex", "Atomic"]),
        ("RegexBuilder", ["Capture", "OneOrMore", "ZeroOrMore", "ChoiceOf", "Optionally"]),
    ]

    /// The module that declares `name`, if the list knows it.
    static func module(declaring name: String) -> String? {
        modules.first { $0.names.contains(name) }?.module
    }

    /// The note for `cannot find 'X' in scope` / `cannot find type 'X' in scope` when a module the toolchain ships
    /// declares `X`.
    static func hint(for message: String) -> String? {
        guard let name = CompilerMessages.unknownName(in: message), let module = module(declaring: name) else { return nil }
        return "'\(name)' is declared by \(module), which this example does not import: add `import \(module)` to the "
            + "block, or `--import \(module)` to import it in every example"
    }
}
