import CPangoCairo
import ClavierCore

/// Paints the button that calls a hidden keyboard back (`--show-button`) in the keyboard's
/// look: the theme's background, one function key filling it, and on the key the keyboard
/// icon of the hide key turned upside down, its chevron pointing up.
public struct ShowButtonPainter {
    public let theme: Theme

    public init(theme: Theme) { self.theme = theme }

    /// Fills `canvas` with the button, pressed (`pressed`: the theme's pressed key) or not.
    public func paint(on canvas: borrowing Canvas, pressed: Bool = false) {
        let cr = canvas.cr
        let w = Double(canvas.size.width), h = Double(canvas.size.height)
        cairo_save(cr)
        cairo_reset_clip(cr)
        fill(cr, theme.background, x: 0, y: 0, width: w, height: h)
        let inset = max(2, (min(w, h) * 0.08).rounded())
        let face = pressed ? theme.keyPressed : theme.functionKey
        roundedRect(cr, inset, inset, w - 2 * inset, h - 2 * inset, min(theme.cornerRadius, h / 4))
        cairo_clip(cr)
        fill(cr, face, x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset)
        cairo_reset_clip(cr)
        roundedRect(cr, inset + 0.5, inset + 0.5, w - 2 * inset - 1, h - 2 * inset - 1, min(theme.cornerRadius, h / 4))
        set(cr, theme.border)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        set(cr, theme.label)
        // The hide key's icon, mirrored top to bottom: a keyboard under an up chevron.
        cairo_translate(cr, w / 2, h / 2)
        cairo_scale(cr, 1, -1)
        // Drawn for a key half again as tall: the icon then fills the button as a label fills a key.
        Icon.hide.draw(on: cr, cx: 0, cy: 0, keyHeight: 1.5 * (h - 2 * inset), variant: IconVariant())
        cairo_restore(cr)
    }

    private func fill(_ cr: OpaquePointer, _ gradient: Gradient, x: Double, y: Double, width: Double, height: Double) {
        let pattern = cairo_pattern_create_linear(0, y, 0, y + height)!
        cairo_pattern_add_color_stop_rgb(pattern, 0, gradient.top.red, gradient.top.green, gradient.top.blue)
        cairo_pattern_add_color_stop_rgb(pattern, 1, gradient.bottom.red, gradient.bottom.green, gradient.bottom.blue)
        cairo_set_source(cr, pattern)
        cairo_rectangle(cr, x, y, width, height)
        cairo_fill(cr)
        cairo_pattern_destroy(pattern)
    }

    private func set(_ cr: OpaquePointer, _ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }
}
