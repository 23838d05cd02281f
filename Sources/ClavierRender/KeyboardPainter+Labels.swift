import CPangoCairo
import ClavierCore

/// What a key shows on its face: a text label, an icon, the lock mark.
extension KeyboardPainter {
    /// A centred Pango label over its white emboss (the label's shape, moved down and blurred).
    func paintText(_ text: String, in r: Rect, ink: Color, _ cr: OpaquePointer, _ m: Metrics) {
        guard !text.isEmpty else { return }
        let size = text.count > 1 ? m.wordSize : m.charSize
        let (logical, inkBox) = cache.typesetter.set(text, pixelSize: size)
        // Whole pixels: the glyphs stay sharp and land identically whichever call paints them.
        let x = (r.midX - logical.width / 2 - logical.x).rounded()
        let y = (r.midY - logical.height / 2 - logical.y).rounded()
        let pad = m.margin
        let emboss = cache.bitmap(.emboss(text, pixelSize: Int((size * 64).rounded())), m) {
            let mask = Bitmap(CAIRO_FORMAT_A8, width: Int(inkBox.width) + 2 * pad, height: Int(inkBox.height) + 2 * pad) { mcr in
                cairo_move_to(mcr, Double(pad) - inkBox.x, Double(pad) - inkBox.y)
                cache.typesetter.show(on: mcr)
            }
            mask.blur(sigma: m.embossSigma)
            return mask
        }
        set(cr, theme.emboss)
        emboss.paint(on: cr, x: x + inkBox.x - Double(pad), y: y + inkBox.y - Double(pad) + m.embossOffset, asMask: true)
        set(cr, ink)
        cairo_move_to(cr, x, y)
        cache.typesetter.show(on: cr)
    }

    /// An icon mask filled with `ink` over a white a=0.8 copy half a (scaled) pixel lower.
    func paintIcon(_ icon: Icon, _ variant: IconVariant, in r: Rect, ink: Color, _ cr: OpaquePointer, _ m: Metrics) {
        let side = Icon.maskSide(keyHeight: m.keyHeight)
        let mask = cache.bitmap(.icon(icon, variant), m) {
            Bitmap(CAIRO_FORMAT_A8, width: side, height: side) { mcr in
                icon.draw(on: mcr, cx: Double(side) / 2, cy: Double(side) / 2, keyHeight: m.keyHeight, variant: variant)
            }
        }
        let x = (r.midX - Double(side) / 2).rounded(), y = (r.midY - Double(side) / 2).rounded()
        var shadow = theme.emboss
        shadow.alpha *= theme.iconShadowAlpha
        set(cr, shadow)
        mask.paint(on: cr, x: x, y: y + m.iconShadowOffset, asMask: true)
        set(cr, ink)
        mask.paint(on: cr, x: x, y: y, asMask: true)
    }

    /// The lock mark for a locked key that has no lock in its icon: a short bar near the
    /// bottom edge, like a caps-lock light.
    func paintLockMark(in r: Rect, ink: Color, _ cr: OpaquePointer, _ m: Metrics) {
        let w = (0.25 * m.keyHeight).rounded(), h = max(m.hair * 2, (0.05 * m.keyHeight).rounded())
        let x = (r.midX - w / 2).rounded(), y = (Double(r.maxY) - 0.14 * m.keyHeight - h).rounded()
        set(cr, ink)
        roundedRect(cr, x, y, w, h, h / 2)
        cairo_fill(cr)
    }
}
