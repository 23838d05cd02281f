import ClavierCore
import ClavierRender

/// What of the glide's trail is on the screen: the area it covers (nil: none) and how many
/// of its points are painted.
struct TrailOnScreen {
    var shown: Rect?
    var painted = 0

    /// The area to repaint for `trail` (nil: nothing to do): only its new segment while it
    /// grows, else the whole of it and of what it covered (the keys under it come back).
    mutating func area(for trail: (points: [Point], opacity: Double)?, width: Double, whole: Bool) -> Rect? {
        var area: Rect?
        if let trail, trail.opacity >= 1, !whole, let shown, painted > 0, painted <= trail.points.count {
            area = KeyboardPainter.trailBounds(trail.points[(painted - 1)...], width: width)
            self.shown = area.map(shown.union) ?? shown
        } else {
            let now = trail.flatMap { KeyboardPainter.trailBounds($0.points, width: width) }
            area = [shown, now].compactMap { $0 }.reduce(nil) { $0?.union($1) ?? $1 }
            shown = now
        }
        painted = trail?.points.count ?? 0
        return area
    }
}
