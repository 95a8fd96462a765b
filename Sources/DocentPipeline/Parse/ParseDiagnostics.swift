import DocentCore
import DocentMarkdown

/// The Parse stage's diagnostics: YAML in front matter and `site.yml`, the keys each may hold, Markdown docent will not
/// read, and pages whose URLs collide.
extension DiagnosticID {
    public static let parseMarkdownTooDeep = DiagnosticID("parse.markdown-too-deep")
    public static let parseReplacesHomePage = DiagnosticID("parse.replaces-home-page")
    public static let parseReservedURL = DiagnosticID("parse.reserved-url")
    public static let parseDuplicateSlug = DiagnosticID("parse.duplicate-slug")
    public static let parseSecondCatalogRoot = DiagnosticID("parse.second-catalog-root")
    public static let parseFrontMatterUnclosed = DiagnosticID("parse.front-matter.unclosed")
    public static let parseFrontMatterInvalidDate = DiagnosticID("parse.front-matter.invalid-date")
    public static let parseFrontMatterUnknownLayout = DiagnosticID("parse.front-matter.unknown-layout")
    public static let parseFrontMatterInvalidSlug = DiagnosticID("parse.front-matter.invalid-slug")
    public static let parseFrontMatterNameTooLong = DiagnosticID("parse.front-matter.name-too-long")
    public static let parseSiteInvalidSupportModule = DiagnosticID("parse.site.invalid-support-module")
    public static let parseSiteEmptyPackage = DiagnosticID("parse.site.empty-package")
    public static let parseSiteInvalidSeries = DiagnosticID("parse.site.invalid-series")
    public static let parseSiteUntitledSeries = DiagnosticID("parse.site.untitled-series")
    public static let parseInvalidSetting = DiagnosticID("parse.invalid-setting")
    public static let parseSettingOverCeiling = DiagnosticID("parse.setting-over-ceiling")
    public static let parseYAMLInvalid = DiagnosticID("parse.yaml.invalid")
    public static let parseYAMLDuplicateKey = DiagnosticID("parse.yaml.duplicate-key")
    public static let parseYAMLNotAMapping = DiagnosticID("parse.yaml.not-a-mapping")
    public static let parseYAMLKeyNotPlain = DiagnosticID("parse.yaml.key-not-plain")
    public static let parseYAMLUnknownKey = DiagnosticID("parse.yaml.unknown-key")
    public static let parseYAMLMissingKey = DiagnosticID("parse.yaml.missing-key")
    public static let parseYAMLNotSingleValue = DiagnosticID("parse.yaml.not-single-value")
    public static let parseYAMLEmptyValue = DiagnosticID("parse.yaml.empty-value")
    public static let parseYAMLNotWholeNumber = DiagnosticID("parse.yaml.not-whole-number")
    public static let parseYAMLNotBoolean = DiagnosticID("parse.yaml.not-boolean")
    public static let parseYAMLNotAList = DiagnosticID("parse.yaml.not-a-list")
    public static let parseYAMLItemNotText = DiagnosticID("parse.yaml.item-not-text")
    public static let parseYAMLItemNotSingleValue = DiagnosticID("parse.yaml.item-not-single-value")
}

extension Diagnostic {
    static func markdownTooDeep(at location: SourceLocation) -> Diagnostic {
        .error(.parseMarkdownTooDeep, at: location,
               "Markdown nested more than \(MarkdownDocument.maximumDepth) levels deep here; docent reads "
               + "block quotes, lists and inline markup nested at most \(MarkdownDocument.maximumDepth) deep",
               notes: ["flatten the nesting"])
    }

    static func replacesHomePage(at location: SourceLocation) -> Diagnostic {
        .error(.parseReplacesHomePage, at: location, "this article would replace the home page",
               notes: ["rename the file, or give it a `slug:`"])
    }

    static func reservedURL(_ urlPath: String, reserved: [String], at location: SourceLocation) -> Diagnostic {
        .error(.parseReservedURL, at: location, "the URL '/\(urlPath)' is reserved for generated pages",
               notes: ["move the file or give it another `slug:`; reserved: " + reserved.joined(separator: ", ")])
    }

    static func duplicateSlug(_ urlPath: String, owner: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseDuplicateSlug, at: location, "duplicate slug: '/\(urlPath)' is also the page of \(owner)",
               notes: ["give one of them another `slug:`"])
    }

    static func secondCatalogRoot(home: String, at path: String) -> Diagnostic {
        .error(.parseSecondCatalogRoot, at: SourceLocation(path: path),
               "a second catalog root (@TechnologyRoot): '\(home)' is the home page already",
               notes: ["remove @TechnologyRoot from all but one page"])
    }

    static func frontMatterUnclosed(at path: String) -> Diagnostic {
        .error(.parseFrontMatterUnclosed, at: SourceLocation(path: path), "front matter is never closed",
               notes: ["end it with a line holding only '---'"])
    }

    static func invalidDate(_ text: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseFrontMatterInvalidDate, at: location, "'date' must be a day written YYYY-MM-DD, not '\(text)'")
    }

    static func unknownLayout(_ text: String, known: [String], at location: SourceLocation) -> Diagnostic {
        .error(.parseFrontMatterUnknownLayout, at: location, "unknown layout '\(text)'",
               notes: ["use one of: " + known.joined(separator: ", ")])
    }

    static func invalidSlug(_ slug: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseFrontMatterInvalidSlug, at: location, "'slug' must be one path segment (letters, digits, '-'), not '\(slug)'")
    }

    /// `value` is shown (abridged) only when the key holds several values.
    static func folderNameTooLong(_ key: String, bytes: Int, value: String?, at location: SourceLocation) -> Diagnostic {
        .error(.parseFrontMatterNameTooLong, at: location,
               "'\(key)' makes a folder name of \(bytes) bytes" + (value.map { " ('\($0.prefix(24))…')" } ?? "")
               + "; a name may be at most \(Slug.maximumBytes) bytes (UTF-8)",
               notes: ["shorten it; the page's URL and the file it is written to are named after it"])
    }

    static func invalidSupportModule(_ module: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseSiteInvalidSupportModule, at: location, "'support-module' must be a Swift identifier, not '\(module)'")
    }

    static func emptyPackage(at location: SourceLocation) -> Diagnostic {
        .error(.parseSiteEmptyPackage, at: location, "'package' must name the folder holding Package.swift")
    }

    static func invalidSeries(at location: SourceLocation) -> Diagnostic {
        .error(.parseSiteInvalidSeries, at: location, "'series' must be a list of series, each a title or `{title: …, summary: …}`")
    }

    static func untitledSeries(at location: SourceLocation) -> Diagnostic {
        .error(.parseSiteUntitledSeries, at: location, "every series needs a title",
               notes: ["write `- title: My series` with an optional `summary:` line"])
    }

    static func invalidSetting(_ problem: ExecutionSettingProblem, at location: SourceLocation) -> Diagnostic {
        .error(.parseInvalidSetting, at: location, problem.message, notes: problem.notes)
    }

    static func settingOverCeiling(_ problem: ExecutionSettingProblem, at location: SourceLocation) -> Diagnostic {
        .error(.parseSettingOverCeiling, at: location, problem.message, notes: problem.notes)
    }

    static func invalidYAML(_ detail: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLInvalid, at: location, "invalid YAML: \(detail)")
    }

    static func duplicateKey(_ keys: [String], at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLDuplicateKey, at: location, "key '\(keys.joined(separator: "', '"))' is given twice", notes: ["keep one of them"])
    }

    static func notAMapping(_ what: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLNotAMapping, at: location, "\(what) must be a list of 'key: value' lines")
    }

    static func keyNotPlain(_ what: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLKeyNotPlain, at: location, "\(what) keys must be plain words")
    }

    static func unknownKey(_ key: String, in what: String, notes: [String], at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLUnknownKey, at: location, "unknown \(what) key '\(key)'", notes: notes)
    }

    static func missingKey(_ key: String, example: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLMissingKey, at: location, "missing required key '\(key)'", notes: ["add a line such as `\(example)`"])
    }

    static func notSingleValue(_ key: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLNotSingleValue, at: location, "'\(key)' must be a single value, not a list or mapping")
    }

    static func emptyValue(_ key: String, example: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLEmptyValue, at: location, "'\(key)' must not be empty", notes: ["write it as `\(example)`"])
    }

    static func notWholeNumber(_ key: String, _ text: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLNotWholeNumber, at: location, "'\(key)' must be a whole number, not '\(text)'")
    }

    static func notBoolean(_ key: String, _ text: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLNotBoolean, at: location, "'\(key)' must be true or false, not '\(text)'")
    }

    static func notAList(_ key: String, example: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLNotAList, at: location, "'\(key)' must be a list, such as `\(key): [\(example)]`")
    }

    static func itemNotText(_ key: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLItemNotText, at: location, "every item of '\(key)' must be a word or phrase")
    }

    static func itemNotSingleValue(_ key: String, at location: SourceLocation) -> Diagnostic {
        .error(.parseYAMLItemNotSingleValue, at: location, "every item of '\(key)' must be a single value, not a list or mapping")
    }
}
