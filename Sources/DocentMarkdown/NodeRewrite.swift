/// A change to one node of a document before cmark renders it to HTML.
public enum NodeRewrite: Sendable, Equatable {
    /// Replace the whole block with this raw HTML (e.g. Docent's markup for a code block).
    case replaceWithHTML(String)
    /// Give a heading this `id` attribute and a link to itself (`a.heading-anchor`), so readers can link to it.
    case anchor(String)
    /// Point a link or image at another destination (e.g. `other.md` → `../other/`).
    case destination(String)
}
