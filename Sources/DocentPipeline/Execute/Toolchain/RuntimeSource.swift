import Foundation

/// The playground runtime's source files (`Sources/PlaygroundRuntime`), embedded in docent, which compiles them.
enum RuntimeSource {
    static let files: [(name: String, text: String)] = [
        ("PlaygroundEntryPoints.swift", PackageResources.PlaygroundEntryPoints_swift),
        ("DocentRuntime.swift", PackageResources.DocentRuntime_swift),
        ("DocentRecorder.swift", PackageResources.DocentRecorder_swift),
        ("ValueSummarizer.swift", PackageResources.ValueSummarizer_swift),
        ("ThreadState.swift", PackageResources.ThreadState_swift),
        ("CrashHandler.swift", PackageResources.CrashHandler_swift),
        ("RecordWriter.swift", PackageResources.RecordWriter_swift),
        ("StandardCollection.swift", PackageResources.StandardCollection_swift),
        ("SummaryLeaf.swift", PackageResources.SummaryLeaf_swift),
    ].map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }
}
