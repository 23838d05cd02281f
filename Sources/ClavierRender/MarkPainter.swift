import CPangoCairo
import ClavierCore

/// The input aids' marks over a key (`KeyMarks`): dwell's progress as the key filling up
/// from the bottom, and switch scanning's highlight as a thick outline, both in the theme's
/// label colour, which every theme keeps in strong contrast with its keys.
extension KeyboardPainter {
    /// Paints the marks `keyboard` has for what lies in `r`: the fill for `progress` (0: none)
    /// and, when `scanned`, the outline.
    func paintMarks(in r: Rect, progress: Double, scanned: Bool, _ cr: OpaquePointer, _ m: Metrics) {
        guard progress > 0 || scanned else { return }
        let x = Double(r.x), y = Double(r.y), w = Double(r.width), h = Double(r.height)
        let ink = theme.label
        cairo_save(cr)
        if progress > 0 {
            // A fill rising from the bottom reads as progress at a glance, and leaves the
            // label visible through it.
            roundedRect(cr, x, y, w, h, m.radius)
            cairo_clip(cr)
            let filled = h * min(progress, 1)
            cairo_rectangle(cr, x, y + h - filled, w, filled)
            cairo_set_source_rgba(cr, ink.red, ink.green, ink.blue, ink.alpha * MarkFigures.dwellFillAlpha)
            cairo_fill(cr)
            cairo_reset_clip(cr)
        }
        if scanned {
            // A tint over the face makes the highlighted row one band even where a theme's
            // keys already have bright borders (high-contrast); the outline, a tenth of the
            // key's height, is seen from across a room.
            roundedRect(cr, x, y, w, h, m.radius)
            cairo_set_source_rgba(cr, ink.red, ink.green, ink.blue, ink.alpha * MarkFigures.scanTintAlpha)
            cairo_fill(cr)
            let line = max(3, (m.keyHeight * MarkFigures.scanLineOfKeyHeight).rounded())
            roundedRect(cr, x + line / 2, y + line / 2, w - line, h - line, max(0, m.radius - line / 2))
            cairo_set_source_rgba(cr, ink.red, ink.green, ink.blue, 1)
            cairo_set_line_width(cr, line)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }
}

/// The marks' figures, in one place.
enum MarkFigures {
    /// How opaque the dwell's fill is over the key face.
    static let dwellFillAlpha = 0.45
    /// How opaque the scan's tint is over the key face.
    static let scanTintAlpha = 0.2
    /// The scan outline's width as a fraction of the key's height.
    static let scanLineOfKeyHeight = 0.1
}
