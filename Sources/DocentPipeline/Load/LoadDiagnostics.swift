import DocentCore

/// The Load stage's diagnostics: the content, package, templates and root folders, and files that cannot be read.
extension DiagnosticID {
    public static let loadMarkdownFileNotFound = DiagnosticID("load.markdown-file-not-found")
    public static let loadNotMarkdown = DiagnosticID("load.not-markdown")
    public static let loadContentFolderNotFound = DiagnosticID("load.content-folder-not-found")
    public static let loadArticleNameNotUTF8 = DiagnosticID("load.article-name-not-utf8")
    public static let loadFileNameNotUTF8 = DiagnosticID("load.file-name-not-utf8")
    public static let loadLinkLeavesContent = DiagnosticID("load.link-leaves-content")
    public static let loadLinkLeadsNowhere = DiagnosticID("load.link-leads-nowhere")
    public static let loadLinkLoops = DiagnosticID("load.link-loops")
    public static let loadFolderUnreadable = DiagnosticID("load.folder-unreadable")
    public static let loadFileNotUTF8 = DiagnosticID("load.file-not-utf8")
    public static let loadNotAPackage = DiagnosticID("load.not-a-package")
    public static let loadNoDocumentation = DiagnosticID("load.no-documentation")
    public static let loadLinkLeavesPackage = DiagnosticID("load.link-leaves-package")
    public static let loadUnreadableFile = DiagnosticID("load.unreadable-file")
    public static let loadRootFolderDanglingLink = DiagnosticID("load.root-folder.dangling-link")
    public static let loadRootFolderLinkLeaves = DiagnosticID("load.root-folder.link-leaves")
    public static let loadTemplatesFolderNotFound = DiagnosticID("load.templates-folder-not-found")
    public static let loadLinkLeavesTemplates = DiagnosticID("load.link-leaves-templates")
    public static let loadTemplateNotUTF8 = DiagnosticID("load.template-not-utf8")
    public static let loadTemplateSyntax = DiagnosticID("load.template-syntax")
    public static let loadMissingTemplate = DiagnosticID("load.missing-template")
    public static let loadMissingPartial = DiagnosticID("load.missing-partial")
    public static let loadTemplateCycle = DiagnosticID("load.template-cycle")
}

extension Diagnostic {
    static func markdownFileNotFound(at path: String) -> Diagnostic {
        .error(.loadMarkdownFileNotFound, at: SourceLocation(path: path), "Markdown file not found",
               notes: ["check the path; it is relative to the current folder"])
    }

    static func notMarkdown(at path: String) -> Diagnostic {
        .error(.loadNotMarkdown, at: SourceLocation(path: path), "not a Markdown file (.md or .markdown), nor a content folder",
               notes: ["pass a folder of articles, or one .md file"])
    }

    static func contentFolderNotFound(at directory: String) -> Diagnostic {
        .error(.loadContentFolderNotFound, at: SourceLocation(path: directory), "content folder not found",
               notes: ["create it, or pass the folder with --content DIR"])
    }

    static func articleNameNotUTF8(at location: SourceLocation) -> Diagnostic {
        .error(.loadArticleNameNotUTF8, at: location,
               "this article's file name is not valid UTF-8 (bytes shown as \\xHH), so it cannot be published",
               notes: ["rename the file with a UTF-8 name"])
    }

    static func fileNameNotUTF8(at location: SourceLocation) -> Diagnostic {
        .warning(.loadFileNameNotUTF8, at: location, "this file's name is not valid UTF-8 (bytes shown as \\xHH); it is not published",
                 notes: ["rename the file with a UTF-8 name"])
    }

    static func linkLeavesContent(to target: String, at location: SourceLocation) -> Diagnostic {
        .warning(.loadLinkLeavesContent, at: location, "this symbolic link leads out of the content folder, to '\(target)'; "
                 + "it is neither followed nor published",
                 notes: ["copy what it links to into the content folder, or link to a place inside it"])
    }

    static func linkLeadsNowhere(to destination: String, at location: SourceLocation) -> Diagnostic {
        .warning(.loadLinkLeadsNowhere, at: location,
                 "this symbolic link leads nowhere ('\(destination)' does not exist); it is not published",
                 notes: ["remove the link, or make it lead to a file inside the content folder"])
    }

    static func linkLoops(to target: String, at location: SourceLocation) -> Diagnostic {
        .warning(.loadLinkLoops, at: location,
                 "this symbolic link leads back into a folder it is in ('\(target)'); it is not followed again",
                 notes: ["remove the link; what it leads to is published once, under its own path"])
    }

    static func folderUnreadable(_ why: String, at location: SourceLocation) -> Diagnostic {
        .error(.loadFolderUnreadable, at: location, "this folder cannot be read (\(why))",
               notes: ["give docent permission to read it, or move it out of the folder"])
    }

    static func fileNotUTF8(at location: SourceLocation) -> Diagnostic {
        .error(.loadFileNotUTF8, at: location, "file is not valid UTF-8", notes: ["save the file with UTF-8 encoding"])
    }

    static func notAPackage(lookedFor manifest: String, at directory: String) -> Diagnostic {
        .error(.loadNotAPackage, at: SourceLocation(path: directory), "not a Swift package: looked for \(manifest), which is not there",
               notes: ["run docent in the folder that holds Package.swift, or name it with --package DIR"])
    }

    static func noDocumentation(lookedIn places: [String], at directory: String) -> Diagnostic {
        .error(.loadNoDocumentation, at: SourceLocation(path: directory), "found no documentation in this package",
               notes: ["looked for " + places.joined(separator: ", "), "or name a folder of articles with --content DIR"])
    }

    static func linkLeavesPackage(at path: String) -> Diagnostic {
        .error(.loadLinkLeavesPackage, at: SourceLocation(path: path), "this file is a symbolic link leading out of the package; it is not read",
               notes: ["copy what it links to into the package"])
    }

    static func unreadableFile(_ error: any Error, at path: String) -> Diagnostic {
        .error(.loadUnreadableFile, at: SourceLocation(path: path), "could not read this file: \(FileErrorText.describe(error))")
    }

    static func rootFolderDanglingLink(_ flag: String, _ path: String, dangling: String) -> Diagnostic {
        .error(.loadRootFolderDanglingLink, at: SourceLocation(path: path),
               "\(flag) '\(path)' passes through a symbolic link that leads nowhere ('\(dangling)')",
               notes: ["remove the link, or put the folder itself there"])
    }

    static func rootFolderLinkLeaves(_ flag: String, _ path: String, place: String, to real: String) -> Diagnostic {
        .error(.loadRootFolderLinkLeaves, at: SourceLocation(path: path),
               "\(flag) '\(path)' is, or passes through, a symbolic link leading out of \(place), to '\(real)'",
               notes: ["docent does not follow a link out of the folder it runs in; replace the link with the folder, "
                       + "or, to use that place on purpose, name it on the command line: \(flag) \(real)"])
    }

    static func templatesFolderNotFound(at directory: String) -> Diagnostic {
        .error(.loadTemplatesFolderNotFound, at: SourceLocation(path: directory), "templates folder not found",
               notes: ["pass an existing folder with --templates DIR, or leave it out to use the built-in theme"])
    }

    static func linkLeavesTemplates(to target: String, at path: String) -> Diagnostic {
        .error(.loadLinkLeavesTemplates, at: SourceLocation(path: path),
               "this symbolic link leads out of the templates folder, to '\(target)'; docent does not follow it",
               notes: ["copy what it links to into the templates folder, or link to a place inside it"])
    }

    static func templateNotUTF8(at location: SourceLocation) -> Diagnostic {
        .error(.loadTemplateNotUTF8, at: location, "template is not valid UTF-8")
    }

    static func templateSyntax(_ description: String, at location: SourceLocation) -> Diagnostic {
        .error(.loadTemplateSyntax, at: location, "template syntax error: \(description)")
    }

    static func missingTemplate(_ name: String, at location: SourceLocation, required: [String]) -> Diagnostic {
        .error(.loadMissingTemplate, at: location, "missing template '\(name)'",
               notes: ["every site needs: " + required.map { "\($0).mustache" }.joined(separator: ", ")])
    }

    static func missingPartial(_ partial: String, in template: String, at location: SourceLocation, create path: String) -> Diagnostic {
        .error(.loadMissingPartial, at: location, "template '\(template)' uses partial '\(partial)', which does not exist",
               notes: ["create \(path)"])
    }

    static func templateCycle(_ template: String, _ cycle: [String], at location: SourceLocation) -> Diagnostic {
        .error(.loadTemplateCycle, at: location, "template '\(template)' includes itself: " + cycle.joined(separator: " → "),
               notes: ["a template may not include itself, directly or through other partials"])
    }
}
