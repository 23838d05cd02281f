import ClavierCore
import ClavierGlide
import ClavierRender

/// Glide typing in the running keyboard: the trail follows the finger, and a glide's points,
/// decoded on release, type a word.
extension KeyboardApp {
    /// Repaints the trail when it changed and types the word of a glide that ended; the trail
    /// is repainted whole when keys under it were just `repainted`.
    func followGlide(_ effects: [Effect], repainted: Bool) {
        if effects.contains(.redrawTrail) { repaintTrail(whole: repainted) }
        for case .glide(let points) in effects { typeGlide(points) }
    }

    /// Paints the trail's new segment while it grows; the whole of it as it fades and once
    /// it is gone (the keys under it come back).
    private func repaintTrail(whole: Bool) {
        let trail = keyboard.glide.trail(at: clock.now)
        let width = KeyboardPainter.trailWidth(keyHeight: keyboard.geometry.keyHeight)
        var area: Rect?
        if let trail, trail.opacity >= 1, !whole, let shown = glide.trailShown, glide.trailPainted > 0,
           glide.trailPainted <= trail.points.count {
            area = KeyboardPainter.trailBounds(trail.points[(glide.trailPainted - 1)...], width: width)
            glide.trailShown = area.map(shown.union) ?? shown
        } else {
            let now = trail.flatMap { KeyboardPainter.trailBounds($0.points, width: width) }
            area = [glide.trailShown, now].compactMap { $0 }.reduce(nil) { $0?.union($1) ?? $1 }
            glide.trailShown = now
        }
        glide.trailPainted = trail?.points.count ?? 0
        guard let area, let painted = screen.painter.paintTrail(trail, over: area, of: keyboard, on: screen.keys) else { return }
        screen.present(painted)
    }

    /// Decodes a glide that ended and types its word. On the loop, at the lift: the trail has
    /// ended by then, and a decode takes milliseconds (`make bench`, glide's p95).
    private func typeGlide(_ points: [Point]) {
        guard let decoder = glide.decoders.decoder(for: keyboard) else { return }
        let words = decoder.decode(points.map { GlidePoint(x: $0.x, y: $0.y) },
                                   context: GlideDecoder.context(of: keyboard.glide.before))
        Log.debug("glide: \(points.count) points, \(words.count) words")
        apply(keyboard.typeGlided(words.map(\.word)))
    }
}
