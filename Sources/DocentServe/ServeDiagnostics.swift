import DocentCore

/// The diagnostics of `docent serve`'s preview server.
extension DiagnosticID {
    public static let servePortInUse = DiagnosticID("serve.port-in-use")
    public static let serveCouldNotStart = DiagnosticID("serve.could-not-start")
    public static let serveStopped = DiagnosticID("serve.stopped", fault: true)
}

extension Diagnostic {
    static func portInUse(_ error: PortInUse) -> Diagnostic {
        .error(.servePortInUse, at: nil, "\(error.description)",
               notes: ["stop the program using it, or serve on another port: --port \(error.port == 65535 ? 8081 : error.port + 1)"])
    }

    static func serverCouldNotStart(_ error: any Error) -> Diagnostic {
        .error(.serveCouldNotStart, at: nil, "the preview server could not start: \(error)")
    }

    static func serverStopped(_ error: any Error) -> Diagnostic {
        .error(.serveStopped, at: nil, "the preview server stopped: \(error)")
    }
}
