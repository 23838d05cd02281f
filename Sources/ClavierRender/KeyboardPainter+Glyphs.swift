/// Labels that would show a box: a character no installed font has a glyph for.
extension KeyboardPainter {
    /// The labels this painter has painted (or measured) so far that some glyph of no font
    /// covers, each once and at most 64: what `make test` holds empty for every shipped
    /// layout's pages, so that a layout never ships boxes with the fonts its package recommends.
    public var labelsMissingGlyphs: [String] { cache.typesetter.missing }

    /// How many of `text`'s glyphs no font of the theme's family, or of fontconfig's fallback
    /// after it, has: each would be drawn as a box (`pango_layout_get_unknown_glyphs_count`).
    public func missingGlyphs(in text: String) -> Int {
        _ = cache.typesetter.set(text, pixelSize: 20)
        return cache.typesetter.unknownGlyphs
    }
}
