/// A change to one node of a document before cmark renders it to HTML.
public enum NodeRewrite: Sendable {
    /// Replace the whole node with this raw HTML (e.g. Docent's markup for a code block); an inline (a link, an image)
    /// becomes inline HTML.
    case replaceWithHTML(String)
    /// Replace the whole block with raw HTML made from cmark's own rendering of it, after every `destination`
    /// rewrite (e.g. a heading given an `id` and a link to itself).
    case replaceRendered(@Sendable (String) -> String)
    /// Point a link or image at another destination (e.g. `other.md` → `../other/`).
    case destination(String)
}
