import DocentCore
import DocentMarkdown

/// The HTML of an image found by name in a DocC catalog: a `<picture>` whose dark variant shows in dark mode, with
/// the 1× and 2× files in `srcset`, and the size it takes on the page when known.
///
/// ```swift
/// PictureMarkup(image: image, alt: "A matrix", title: "", pageURL: "guide/subscripts/").html
/// // <picture><source media="(prefers-color-scheme: dark)" srcset="../../Assets/m~dark@2x.png 2x"><img src=… width="100" height="50"></picture>
/// ```
struct PictureMarkup {
    var image: CatalogImage
    var alt: String
    var title: String
    /// The URL path of the page the image is shown on, to reach the files relatively.
    var pageURL: String

    var html: String {
        let up = String(repeating: "../", count: pageURL.split(separator: "/").count)
        func url(_ path: String) -> String { HTML.escape(up + LinkResolver.percentEncode(path)) }
        func srcset(_ variant: CatalogImage.Variant) -> String {
            [variant.oneX.map { url($0) + " 1x" }, variant.twoX.map { url($0) + " 2x" }].compactMap { $0 }.joined(separator: ", ")
        }
        var html = "<picture>"
        if let dark = image.dark {
            html += "<source media=\"(prefers-color-scheme: dark)\" srcset=\"\(srcset(dark))\">"
        }
        html += "<img src=\"\(url(image.light.primary ?? ""))\""
        if image.light.twoX != nil { html += " srcset=\"\(srcset(image.light))\"" }
        html += " alt=\"\(HTML.escape(alt))\""
        if !title.isEmpty { html += " title=\"\(HTML.escape(title))\"" }
        if let size = image.size { html += " width=\"\(size.width)\" height=\"\(size.height)\"" }
        return html + " loading=\"lazy\"></picture>"
    }
}
