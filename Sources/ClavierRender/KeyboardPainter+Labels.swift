import CPangoCairo
import ClavierCore

/// What a key shows on its face: a text label, an icon, the lock mark.
extension KeyboardPainter {
    /// A centred Pango label over its white emboss (the label's shape, moved down and blurred),
    /// clipped to the key's face: a label taller or wider than its key (thousands of lines, a
    /// letter under thousands of accents) shows what fits and costs no more than that.
    /// `pixelSize`: the font's size; nil: a key's (a character larger than a word).
    func paintText(_ text: String, in r: Rect, ink: Color, _ cr: OpaquePointer, _ m: Metrics, pixelSize: Double? = nil) {
        guard !text.isEmpty else { return }
        let size = pixelSize ?? (text.count > 1 ? m.wordSize : m.charSize)
        let (logical, inkBox) = cache.typesetter.set(text, pixelSize: size)
        // Whole pixels: the glyphs stay sharp and land identically whichever call paints them.
        let x = (r.midX - logical.width / 2 - logical.x).rounded()
        let y = (r.midY - logical.height / 2 - logical.y).rounded()
        let area = r
        cairo_save(cr)
        cairo_rectangle(cr, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
        cairo_clip(cr)
        if let (cut, id) = embossCut(inkBox, area: area, x: x, y: y, m) {
            let emboss = cache.bitmap(.emboss(text, pixelSize: Int((size * 64).rounded()), cut: id), m) {
                let mask = try Bitmap(CAIRO_FORMAT_A8, width: cut.width, height: cut.height) { mcr in
                    cairo_move_to(mcr, Double(-cut.x), Double(-cut.y))
                    cache.typesetter.show(on: mcr)
                }
                mask.blur(sigma: m.embossSigma)
                return mask
            }
            set(cr, theme.emboss)
            emboss?.paint(on: cr, x: x + Double(cut.x), y: y + Double(cut.y) + m.embossOffset, asMask: true)
        }
        set(cr, ink)
        cairo_move_to(cr, x, y)
        cache.typesetter.show(on: cr)
        cairo_restore(cr)
    }

    /// The part of a label's emboss mask to make, in pixels from the label's origin: its ink
    /// box and `m.margin` around it, cut to what can show in `area` (moved by the emboss offset)
    /// and the blur's reach beyond, so every pixel that shows is blurred exactly as in the whole
    /// mask. The second value names the cut for the cache: nil when nothing was cut. Nil when
    /// no part of the emboss can show.
    func embossCut(_ ink: LabelTypesetter.Box, area: Rect, x: Double, y: Double, _ m: Metrics) -> (PixelBox, PixelBox?)? {
        let pad = m.margin
        let whole = PixelBox(x: Int(ink.x) - pad, y: Int(ink.y) - pad, width: Int(ink.width) + 2 * pad, height: Int(ink.height) + 2 * pad)
        let reach = Int((3 * m.embossSigma).rounded(.up)) + 1
        let top = Double(area.y) - y - m.embossOffset
        let visible = PixelBox(x: area.x - Int(x) - reach, y: Int(top.rounded(.down)) - reach,
                               width: area.width + 2 * reach, height: area.height + 2 * reach + 1)
        guard let cut = whole.intersection(visible) else { return nil }
        return (cut, cut == whole ? nil : cut)
    }
    /// An icon mask filled with `ink` over a white a=0.8 copy half a (scaled) pixel lower.
    func paintIcon(_ icon: Icon, _ variant: IconVariant, in r: Rect, ink: Color, _ cr: OpaquePointer, _ m: Metrics) {
        let side = Icon.maskSide(keyHeight: m.keyHeight)
        let mask = cache.bitmap(.icon(icon, variant), m) {
            try Bitmap(CAIRO_FORMAT_A8, width: side, height: side) { mcr in
                icon.draw(on: mcr, cx: Double(side) / 2, cy: Double(side) / 2, keyHeight: m.keyHeight, variant: variant)
            }
        }
        let x = (r.midX - Double(side) / 2).rounded(), y = (r.midY - Double(side) / 2).rounded()
        var shadow = theme.emboss
        shadow.alpha *= theme.iconShadowAlpha
        set(cr, shadow)
        mask?.paint(on: cr, x: x, y: y + m.iconShadowOffset, asMask: true)
        set(cr, ink)
        mask?.paint(on: cr, x: x, y: y, asMask: true)
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

/// A rectangle of whole pixels in a label's or bitmap's own coordinates.
struct PixelBox: Hashable {
    var x, y, width, height: Int

    /// The overlap of two boxes, nil when they do not overlap.
    func intersection(_ other: PixelBox) -> PixelBox? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return x1 > x0 && y1 > y0 ? PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
