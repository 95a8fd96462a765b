import DocentCore

/// The errors about the Swift package articles import, its manifest and its listings, each with its stable
/// ``DiagnosticID`` (`package.…`): the only place their wording is written.
///
/// ```swift
/// PackageDiagnostics.noLibraryProduct("Kit", at: location)   // id: package.no-library-product
/// ```
package enum PackageDiagnostics {
    /// The names of the package's diagnostics.
    package enum ID {
        package static let buildFailed = DiagnosticID("package.build-failed")
        package static let buildPlanUnread = DiagnosticID("package.build-plan-unread")
        package static let builtNoLibrary = DiagnosticID("package.built-no-library")
        package static let describeUnread = DiagnosticID("package.describe-unread")
        package static let noLibraryProduct = DiagnosticID("package.no-library-product")
        package static let traitsUnread = DiagnosticID("package.traits-unread")
        package static let unknownTrait = DiagnosticID("package.unknown-trait")
        package static let linkRefused = DiagnosticID("package.link-refused")
        package static let tooLarge = DiagnosticID("package.too-large")
        package static let workFolderForeign = DiagnosticID("package.work-folder-foreign")
        package static let manifestPlaceholder = DiagnosticID("package.manifest.placeholder")
        package static let manifestDoesNotCheck = DiagnosticID("package.manifest.does-not-check")
        package static let listingUnknownName = DiagnosticID("package.listing.unknown-name")
        package static let listingNotAMember = DiagnosticID("package.listing.not-a-member")
        package static let folderUnreadable = DiagnosticID("package.folder-unreadable")
        package static let outsideWorkFolder = DiagnosticID("package.outside-work-folder")
        package static let noManifest = DiagnosticID("package.no-manifest")
        package static let testableRelease = DiagnosticID("package.testable-release")
    }

    /// SwiftPM failed (`failure` says at what); at its first located error when it printed one.
    static func buildFailed(_ failure: String, at location: SourceLocation, firstError: String?, notes: [String]) -> Diagnostic {
        .error(ID.buildFailed, at: location, firstError.map { "\(failure): \($0)" } ?? failure, notes: notes)
    }

    static func buildPlanUnread(module: String) -> Diagnostic {
        .error(ID.buildPlanUnread, at: nil, "SwiftPM's build plan has no compile of \(module)",
               notes: ["this SwiftPM writes its plan in a form docent does not read; report it with `swift --version`"])
    }

    static func builtNoLibrary(_ library: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.builtNoLibrary, at: location, "SwiftPM built the package but no \(library)",
               notes: ["build it with `swift build` to see what SwiftPM made"])
    }

    static func describeUnread(printed: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.describeUnread, at: location, "cannot read what `swift package describe --type json` printed", notes: [printed])
    }

    static func noLibraryProduct(_ name: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.noLibraryProduct, at: location, "the package \(name) has no library product for articles to import",
               notes: ["add `.library(name:targets:)` to its products"])
    }

    static func traitsUnread(printed: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.traitsUnread, at: location, "cannot read the traits `swift package dump-package` printed", notes: [printed])
    }

    /// `unknown` traits asked of package `name`; `declared` says which it has.
    static func unknownTrait(_ unknown: [String], package name: String, declared: String, at location: SourceLocation?) -> Diagnostic {
        .error(ID.unknownTrait, at: location, "the package \(name) has no trait " + unknown.map { "'\($0)'" }.joined(separator: ", "),
               notes: [declared])
    }

    static func linkRefused(_ path: String, to destination: String, leadsTo: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.linkRefused, at: location, "\(path) is a symbolic link to \(destination), which leads to \(leadsTo)",
               notes: ["docent copies a package's links only when they lead, by a relative path, to a file or folder inside the package",
                       "replace the link with the file it stands for, make it relative, or remove it"])
    }

    static func tooLarge(_ folder: String, entries: Int, bytes: Int) -> Diagnostic {
        .error(ID.tooLarge, at: SourceLocation(path: folder),
               "the package folder holds more than \(entries) files or \(bytes >> 30) GiB, more than docent copies to build it",
               notes: ["point --package at the folder holding Package.swift, and keep large data out of it"])
    }

    static func workFolderForeign(_ root: String) -> Diagnostic {
        .error(ID.workFolderForeign, at: nil, "\(root) is not a folder docent made", notes: ["remove it, then build again"])
    }

    static func manifestPlaceholder(_ text: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.manifestPlaceholder, at: location, "\(text) is a placeholder, not Swift: the manifest cannot be checked with it",
               notes: ["write the value a reader would (a name in quotes), or mark the block ```swift ignore"])
    }

    static func manifestDoesNotCheck(version: String, compilerSaid lastLines: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.manifestDoesNotCheck, at: location, "the manifest does not type-check against PackageDescription \(version)",
               notes: [lastLines])
    }

    static func listingUnknownName(_ name: String, closest: String?, at location: SourceLocation) -> Diagnostic {
        .error(ID.listingUnknownName, at: location, "the package has no '\(name)'" + (closest.map { ": the closest it has is '\($0)'" } ?? ""),
               notes: ["this declaration listing is checked against the package's public API (its symbol graphs)"])
    }

    /// A folder of the package the copy for its build cannot read.
    static func folderUnreadable(_ why: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.folderUnreadable, at: location, "this folder of the package cannot be read (\(why))",
               notes: ["give docent permission to read it, or move it out of the package"])
    }

    /// A listed member the package has, but not in the type the listing puts it in (a member moved, a type renamed).
    static func listingNotAMember(_ name: String, in parent: String, elsewhere: [String], closest: String?,
                                  at location: SourceLocation) -> Diagnostic {
        .error(ID.listingNotAMember, at: location,
               "the package has no '\(name)' in '\(parent)'"
                   + (elsewhere.isEmpty ? "" : ": it has it in \(elsewhere.joined(separator: ", "))")
                   + (closest.map { "; the closest in '\(parent)' is '\($0)'" } ?? ""),
               notes: ["this declaration listing is checked against the package's public API (its symbol graphs)"])
    }

    // Where the package is (`--package`, site.yml's `package:`)

    package static func outsideWorkFolder(_ package: String, work: String, real: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.outsideWorkFolder, at: location, "site.yml's `package: \(package)` leads out of the folder docent runs in (\(work)), to '\(real)'",
               notes: ["the content may only name a package inside that folder; to document one elsewhere "
                       + "on purpose, name it on the command line: --package \(real)"])
    }

    package static func noManifest(_ folder: String, at location: SourceLocation) -> Diagnostic {
        .error(ID.noManifest, at: location, "\(folder) holds no Package.swift, so it is not a Swift package",
               notes: ["name the folder that holds the package's Package.swift"])
    }

    package static func testableRelease() -> Diagnostic {
        .error(ID.testableRelease, at: nil, "--testable needs a debug build: SwiftPM builds a release configuration "
               + "without -enable-testing, so its internal API cannot be imported @testable",
               notes: ["drop --configuration release, or --testable"])
    }
}
