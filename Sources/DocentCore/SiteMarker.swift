/// The file that marks a folder as a site docent wrote (`SiteWriter` replaces only such a folder; the content and
/// package scans skip one), named once for the pipeline and the package build.
package enum SiteMarker {
    package static let fileName = ".docent-site"
}
