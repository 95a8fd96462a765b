import DocentPipeline
import Foundation

extension Docent {
    /// Refuses, before anything is read or written, a root folder that a symbolic link leads out of the folder docent
    /// runs in (``RootFolder``): the content (`given` when the command line named it), the templates (`--templates`,
    /// else the folder beside the content), the package and the cache (`--cache`, else `.docent-cache` beside the
    /// content). `test` reads no templates (`readsTemplates: false`).
    /// `cacheAnchor` stands for the content where the default cache folder is derived (a package's manifest).
    static func checkRootFolders(content: String, contentGiven: Bool, cacheAnchor: String? = nil, templates given: String?, readsTemplates: Bool = true,
                                 execution: ExecutionOptions) throws {
        var folders = [RootFolder(content, flag: "--content", given: contentGiven)]
        if readsTemplates {
            folders.append(RootFolder(given ?? SiteOptions.templatesBeside(content), flag: "--templates", given: given != nil))
        }
        if let package = execution.package { folders.append(RootFolder(package, flag: "--package", given: true)) }
        if let cache = execution.programCache(content: cacheAnchor ?? content) {
            folders.append(RootFolder(cache.directory, flag: "--cache", given: execution.cache != nil))
        }
        try RootFolder.check(folders, in: FileManager().currentDirectoryPath)
    }
}
