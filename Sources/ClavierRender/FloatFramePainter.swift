import CPangoCairo
import ClavierCore

/// Paints the frame of a floating keyboard in the keyboard's look: the handle strip (the
/// theme's background with a grip mark in the middle) and the resize grip's diagonal ridges.
public struct FloatFramePainter {
    public let theme: Theme

    public init(theme: Theme) { self.theme = theme }

    /// The colour of the grip marks: the label colour halfway into the background, opaque,
    /// so painting a mark twice (on every repaint of the corner) looks the same as once.
    var markColor: Color {
        let bg = theme.background.bottom, label = theme.label
        func mix(_ a: Double, _ b: Double) -> Double { (a + b) / 2 }
        return Color(red: mix(bg.red, label.red), green: mix(bg.green, label.green), blue: mix(bg.blue, label.blue))
    }

    /// Fills `canvas` (the handle strip, full width) with the background gradient, a dark hair
    /// along its bottom where the keys begin, and three short ridges in its middle.
    public func paintHandle(on canvas: borrowing Canvas) {
        let cr = canvas.cr
        let w = Double(canvas.size.width), h = Double(canvas.size.height)
        cairo_save(cr)
        cairo_reset_clip(cr)
        let gradient = cairo_pattern_create_linear(0, 0, 0, h)!
        let top = theme.background.top, bottom = theme.background.bottom
        cairo_pattern_add_color_stop_rgb(gradient, 0, top.red, top.green, top.blue)
        cairo_pattern_add_color_stop_rgb(gradient, 1, bottom.red, bottom.green, bottom.blue)
        cairo_set_source(cr, gradient)
        cairo_rectangle(cr, 0, 0, w, h)
        cairo_fill(cr)
        cairo_pattern_destroy(gradient)
        set(cr, theme.topBorderDark)
        cairo_rectangle(cr, 0, h - 1, w, 1)
        cairo_fill(cr)
        set(cr, markColor)
        // Sizes for an 18 px strip, scaled with it on a dense display.
        let s = max(1, (h / 18).rounded())
        let ridge = min(40 * s, w / 4)
        for i in -1...1 {
            let y = (h / 2 + Double(i) * 4 * s).rounded(.down)
            cairo_rectangle(cr, ((w - ridge) / 2).rounded(.down), y, ridge.rounded(), 2 * s)
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Draws the resize grip's three diagonal ridges into `rect` of `canvas` (the bottom-right
    /// corner of the keys), over whatever is there.
    public func paintResizeGrip(in rect: Rect, on canvas: borrowing Canvas) {
        let cr = canvas.cr
        cairo_save(cr)
        cairo_reset_clip(cr)
        cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(cr)
        set(cr, markColor)
        // Sizes for an 18 px grip, scaled with it on a dense display.
        let s = max(1, (Double(rect.width) / 18).rounded())
        cairo_set_line_width(cr, 2 * s)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        let right = Double(rect.maxX) - 2 * s, bottom = Double(rect.maxY) - 2 * s
        for step in [4.0 * s, 9.0 * s, 14.0 * s] {
            cairo_move_to(cr, right - step, bottom)
            cairo_line_to(cr, right, bottom - step)
        }
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    private func set(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgb(cr, c.red, c.green, c.blue)
    }
}
