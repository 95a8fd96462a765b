/// An image a DocC catalog names without a folder or extension (`![A matrix](subscriptMatrix01)`): the files found
/// for it anywhere in the content folder, light and dark, at 1× and 2×, and its size in CSS pixels when known.
public struct CatalogImage: Sendable, Hashable {
    /// A width and height in pixels.
    public struct Size: Sendable, Hashable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The files of one appearance (light or dark), by their paths in the content folder.
    public struct Variant: Sendable, Hashable {
        public var oneX: String?
        public var twoX: String?

        public init(oneX: String? = nil, twoX: String? = nil) {
            self.oneX = oneX
            self.twoX = twoX
        }

        /// The file to show where one file is needed: the 1× one, else the 2× one.
        public var primary: String? { oneX ?? twoX }
    }

    public var name: String
    public var light: Variant
    public var dark: Variant?
    /// The size the image takes on the page (a 2×-only file counts half its pixels); `nil` when unknown.
    public var size: Size?

    public init(name: String, light: Variant, dark: Variant? = nil, size: Size? = nil) {
        self.name = name
        self.light = light
        self.dark = dark
        self.size = size
    }
}
