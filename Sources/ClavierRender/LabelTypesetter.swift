import CPangoCairo

/// Lays out key labels with Pango, so missing glyphs fall back to other fonts and emoji
/// come out in colour. Wraps `pango_cairo_font_map_new`, `pango_font_map_create_context`
/// and one reused `pango_layout_new`.
final class LabelTypesetter {
    /// A private font map rather than `pango_cairo_font_map_get_default`, which is per
    /// thread: a painter made on one thread and used on another would otherwise share
    /// Pango state with whatever else runs there.
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private let layout: OpaquePointer
    private let family: String
    /// Font descriptions by absolute pixel size; a keyboard uses two at a time.
    private var fonts: [Double: OpaquePointer] = [:]
    private var currentFont: OpaquePointer?
    /// The labels set so far that some font lacks a glyph of (Pango draws a box with the
    /// code point in it): at most `missingKept`, each once.
    private(set) var missing: [String] = []
    static let missingKept = 64

    init(family: String) {
        self.family = family
        fontMap = pango_cairo_font_map_new()!
        context = pango_font_map_create_context(fontMap)!
        // Grey antialiasing and unhinted metrics: subpixel (RGB) antialiasing would fringe
        // the glyphs on a surface that X may scale or a screenshot may save, and hinted
        // metrics make the centring jump by whole pixels from one size to the next.
        let options = cairo_font_options_create()!
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        layout = pango_layout_new(context)!
    }

    deinit {
        for font in fonts.values { pango_font_description_free(font) }
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// A rectangle in whole pixels relative to the point a layout is shown at.
    struct Box {
        var x, y, width, height: Double
        init(_ r: PangoRectangle) {
            x = Double(r.x)
            y = Double(r.y)
            width = Double(r.width)
            height = Double(r.height)
        }
    }

    /// Sets the layout to `text` at `pixelSize` px and returns its logical box (what centring
    /// uses, so every letter shares one baseline) and its ink box (where pixels land), from
    /// `pango_layout_get_pixel_extents`.
    func set(_ text: String, pixelSize: Double) -> (logical: Box, ink: Box) {
        let font = font(pixelSize: pixelSize)
        if font != currentFont {
            pango_layout_set_font_description(layout, font)
            currentFont = font
        }
        pango_layout_set_text(layout, text, -1)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        if unknownGlyphs > 0, missing.count < Self.missingKept, !missing.contains(text) { missing.append(text) }
        return (Box(logical), Box(ink))
    }

    /// How many glyphs of the current layout no font has: Pango's boxes
    /// (`pango_layout_get_unknown_glyphs_count`, the glyphs flagged `PANGO_GLYPH_UNKNOWN_FLAG`).
    var unknownGlyphs: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// Draws the current layout with its top-left corner at `cr`'s current point
    /// (`pango_cairo_show_layout`), in `cr`'s source colour; colour glyphs keep their own.
    func show(on cr: OpaquePointer) {
        pango_cairo_show_layout(cr, layout)
    }

    private func font(pixelSize: Double) -> OpaquePointer {
        if let font = fonts[pixelSize] { return font }
        if fonts.count >= 8 {
            // A resize leaves sizes behind; keep the set small rather than growing forever.
            for font in fonts.values { pango_font_description_free(font) }
            fonts.removeAll()
            currentFont = nil
            pango_layout_set_font_description(layout, nil)
        }
        let font = pango_font_description_from_string(family)!
        pango_font_description_set_absolute_size(font, pixelSize * Double(PANGO_SCALE))
        fonts[pixelSize] = font
        return font
    }
}
