import CPangoCairo
import ClavierCore

/// The accessory bar: repainting it alone, and its completions and formatting actions, a
/// pinned copied text with a pin in its corner.
extension KeyboardPainter {
    /// Repaints the accessory bar alone (its completions changed or a cell was pressed) and
    /// returns its area; `nil` when the layout has no bar. The pixels are exactly those
    /// `paintAll` would paint there.
    @discardableResult
    public func paintAccessory(of picture: Picture, on canvas: borrowing Canvas) -> Rect? {
        guard let bar = picture.accessory else { return nil }
        if picture.popup != nil || picture.settingsPage != nil {
            paintAll(picture, on: canvas)
            return Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height)
        }
        let cr = canvas.cr
        let m = Metrics(keyHeight: picture.geometry.keyHeight, theme: theme)
        cairo_save(cr)
        cairo_reset_clip(cr)
        cairo_rectangle(cr, Double(bar.rect.x), Double(bar.rect.y), Double(bar.rect.width), Double(bar.rect.height))
        cairo_clip(cr)
        paintBackground(cr, size: picture.geometry.size, m)
        paintBar(bar, of: picture, cr, m)
        cairo_restore(cr)
        return bar.rect
    }

    /// The accessory bar, within its strip: each completion as a word between hairline
    /// separators (on a pressed key face while held), each formatting action as a function key,
    /// and Save, Speak and the settings gear as function keys with their icons, as the hide key
    /// shows its own.
    func paintBar(_ bar: AccessoryBar, of picture: Picture, _ cr: OpaquePointer, _ m: Metrics) {
        cairo_save(cr)
        cairo_rectangle(cr, Double(bar.rect.x), Double(bar.rect.y), Double(bar.rect.width), Double(bar.rect.height))
        cairo_clip(cr)
        let keyboardHeight = picture.geometry.size.height
        for placed in bar.cells where placed.rect.width > 0 && placed.rect.height > 0 {
            let cell = placed.cell, r = placed.rect
            let held = picture.pressedAccessoryCell == cell
            func face(_ fill: PainterCache.Fill) {
                let sprite = cache.bitmap(.face(width: r.width, height: r.height, top: r.y,
                                                keyboardHeight: keyboardHeight, fill: fill), m) {
                    try makeFace(width: r.width, height: r.height, top: r.y, keyboardHeight: keyboardHeight, fill: fill, m)
                }
                sprite?.paint(on: cr, x: Double(r.x - m.margin), y: Double(r.y - m.margin))
            }
            switch cell {
            case .completion(let i):
                // A separator at the left of every word but the leftmost (the last on a right-to-left bar).
                if r.x > bar.rect.x + max(1, bar.rect.height / 10) {
                    set(cr, theme.border)
                    cairo_rectangle(cr, Double(r.x) - Double(bar.rect.height / 10), Double(r.y) + Double(r.height) * 0.2,
                                    m.hair, Double(r.height) * 0.6)
                    cairo_fill(cr)
                }
                guard i < picture.completions.count else { continue }
                // The correction the word gets as it ends, and a copied text, are offered on a key's face.
                if held { face(.keyPressed) } else if (i == 0 && picture.correcting) || picture.offersClips { face(.functionKey) }
                paintText(picture.completions[i], in: r, ink: theme.label, cr, m)
                if i < picture.pinnedClips { paintPin(in: r, ink: theme.label, cr) }
            case .format(let formatting):
                face(held ? .keyPressed : .functionKey)
                paintText(formatting.label, in: r, ink: theme.label, cr, m)
            case .settings:
                face(held ? .keyPressed : .functionKey)
                paintIcon(.gear, IconVariant(), in: r, ink: theme.label, cr, m)
            case .speak:
                face(held ? .keyPressed : .functionKey)
                paintIcon(.speak, IconVariant(), in: r, ink: theme.label, cr, m)
            case .savePhrase:
                face(held ? .keyPressed : .functionKey)
                paintIcon(.save, IconVariant(), in: r, ink: theme.label, cr, m)
            }
            paintMarks(in: r, progress: picture.marks.dwellProgress(of: cell), scanned: picture.marks.scanned.contains(.cell(cell)),
                       cr, m)
        }
        cairo_restore(cr)
    }

    /// A pushpin in the top left corner of `r` (a pinned copied text): a round head and its
    /// needle slanting down to the left, in the label's ink, sized by the cell's height.
    func paintPin(in r: Rect, ink: Color, _ cr: OpaquePointer) {
        let h = Double(r.height), head = max(2, h * 0.09)
        let cx = Double(r.x) + h * 0.34, cy = Double(r.y) + h * 0.36
        cairo_save(cr)
        set(cr, ink)
        cairo_set_line_width(cr, max(1.25, h * 0.05))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cr, cx, cy)
        cairo_line_to(cr, cx - h * 0.14, cy + h * 0.14)
        cairo_stroke(cr)
        // The pin's collar across the needle, then its head.
        cairo_move_to(cr, cx - head * 0.2, cy - head * 1.4)
        cairo_line_to(cr, cx + head * 1.4, cy + head * 0.2)
        cairo_stroke(cr)
        cairo_arc(cr, cx + head * 0.75, cy - head * 0.75, head, 0, 2 * Double.pi)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
