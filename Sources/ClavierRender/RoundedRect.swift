import CPangoCairo

/// Appends a rounded rectangle (corner radius `r`, clamped to fit) to `cr`'s path.
func roundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
    let r = max(0, min(r, w / 2, h / 2))
    cairo_new_sub_path(cr)
    cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
    cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
    cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
    cairo_arc(cr, x + r, y + r, r, .pi, 1.5 * .pi)
    cairo_close_path(cr)
}
