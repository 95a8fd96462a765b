import DocentCore

/// The Render stage's diagnostics: templates that cannot render, and site settings that leave pages without an address.
extension DiagnosticID {
    public static let renderMissingTemplate = DiagnosticID("render.missing-template")
    public static let renderBaseURLNotAbsolute = DiagnosticID("render.base-url-not-absolute")
}

extension Diagnostic {
    static func templateDidNotRender(_ template: String, at path: String) -> Diagnostic {
        .error(.renderMissingTemplate, at: SourceLocation(path: path), "missing template '\(template)'")
    }

    static func baseURLNotAbsolute(_ baseURL: String, at siteFile: String) -> Diagnostic {
        .warning(.renderBaseURLNotAbsolute, at: SourceLocation(path: siteFile),
                 "base-url '\(baseURL)' is not an absolute address: pages get no canonical or "
                 + "Open Graph address, and there is no sitemap.xml",
                 notes: ["set `base-url: https://your.site/` in site.yml"])
    }
}
