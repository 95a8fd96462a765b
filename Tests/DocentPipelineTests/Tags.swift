import Testing

extension Tag {
    /// Tests that run the real Swift compiler and the programs it builds.
    @Tag static var compiler: Self
}
