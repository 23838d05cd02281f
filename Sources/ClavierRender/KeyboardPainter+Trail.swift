import ClavierCore
import CPangoCairo

/// Glide typing's trail: a line over the keys where the finger went, in the theme's label
/// colour, painted only over the area it changes.
extension KeyboardPainter {
    /// px: the trail's width for keys `keyHeight` px tall.
    public static func trailWidth(keyHeight: Int) -> Double { max(3, Double(keyHeight) * 0.14) }

    /// The area `points` cover with a trail of `width` px, rounded out to whole pixels.
    public static func trailBounds(_ points: some Collection<Point>, width: Double) -> Rect? {
        guard let first = points.first else { return nil }
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        for p in points {
            x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        let r = width / 2 + 2
        let x = Int((x0 - r).rounded(.down)), y = Int((y0 - r).rounded(.down))
        return Rect(x: x, y: y, width: Int((x1 + r).rounded(.up)) - x, height: Int((y1 + r).rounded(.up)) - y)
    }

    /// Repaints `area` as `paintAll` would (background, bar, keys), then `trail` over it,
    /// clipped to `area`; returns the area painted, clamped to the canvas.
    @discardableResult
    public func paintTrail(_ trail: (points: [Point], opacity: Double)?, over area: Rect, of picture: Picture,
                           on canvas: borrowing Canvas) -> Rect? {
        let bounds = Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height)
        guard let area = area.intersection(bounds) else { return nil }
        let cr = canvas.cr
        let geometry = picture.geometry
        let m = Metrics(keyHeight: geometry.keyHeight, theme: theme)
        cairo_save(cr)
        cairo_reset_clip(cr)
        cairo_rectangle(cr, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
        cairo_clip(cr)
        paintBackground(cr, size: geometry.size, m)
        if let bar = picture.accessory, bar.rect.intersection(area) != nil { paintBar(bar, of: picture, cr, m) }
        for frame in geometry.frames where frame.rect.outset(by: m.margin).intersection(area) != nil {
            paintKey(frame, of: picture, cr, m)
        }
        if let popup = picture.popup { paintPopup(popup, of: picture, cr, m) }
        if let trail, let first = trail.points.first, trail.opacity > 0 {
            let c = theme.label
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * 0.55 * trail.opacity)
            cairo_set_line_width(cr, Self.trailWidth(keyHeight: geometry.keyHeight))
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_move_to(cr, first.x, first.y)
            for p in trail.points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            // One stroke for the whole path: where it crosses itself it is no darker.
            cairo_stroke(cr)
        }
        cairo_restore(cr)
        return area
    }
}
