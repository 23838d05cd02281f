import CPangoCairo
import ClavierCore

/// Key faces: one key with its symbol and marks, the alternates popup, and the cached face sprite.
extension KeyboardPainter {
    /// look.md "One key": the face (steps 1 to 6, a cached sprite) and the symbol (step 7),
    /// clipped to the key's damage area so nothing a key paints escapes what `paintKeys` repaints.
    func paintKey(_ frame: KeyFrame, of picture: Picture, _ cr: OpaquePointer, _ m: Metrics) {
        let r = frame.rect
        guard r.width > 0, r.height > 0 else { return }
        let state = picture.state(of: frame.key)
        cairo_save(cr)
        let area = r.outset(by: m.margin)
        cairo_rectangle(cr, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
        cairo_clip(cr)

        let fill: PainterCache.Fill
        switch state {
        case .pressed, .selected, .locked: fill = .keyPressed
        case .normal, .disabled: fill = frame.key.keyClass == .function ? .functionKey : .key
        }
        let keyboardHeight = picture.geometry.size.height
        let face = cache.bitmap(.face(width: r.width, height: r.height, top: r.y,
                                      keyboardHeight: keyboardHeight, fill: fill), m) {
            try makeFace(width: r.width, height: r.height, top: r.y, keyboardHeight: keyboardHeight, fill: fill, m)
        }
        face?.paint(on: cr, x: Double(area.x), y: Double(area.y))

        // 7. Symbol.
        let ink = state == .disabled ? theme.labelDisabled : theme.label
        switch picture.label(of: frame.key) {
        case .text(let text):
            paintText(text, in: r, ink: ink, cr, m)
            if state == .locked { paintLockMark(in: r, ink: ink, cr, m) }
        case .icon(let icon):
            var variant = IconVariant()
            if icon == .shift, case .modifier(.shift) = frame.key.action {
                // From Shift itself, not the key's state, so a latched Shift stays filled
                // while a finger is on it.
                variant.filled = picture.shift != .off
                variant.lockBar = picture.shift == .locked
            } else if icon == .shift {
                variant.filled = state == .selected || state == .locked
                variant.lockBar = state == .locked
            }
            paintIcon(icon, variant, in: r, ink: ink, cr, m)
            if state == .locked && icon != .shift { paintLockMark(in: r, ink: ink, cr, m) }
        }
        paintMarks(in: r, progress: picture.marks.dwellProgress(of: frame.key.id),
                   scanned: picture.marks.scanned.contains(.key(frame.key.id)), cr, m)
        cairo_restore(cr)
    }

    /// A long press's alternates: a panel in the keyboard's darker background colour under a
    /// row of key faces, each with its text; the one under the pointer in the pressed colours.
    func paintPopup(_ popup: AlternatesPopup, of picture: Picture, _ cr: OpaquePointer, _ m: Metrics) {
        let pad = Double(max(Int(m.hair) * 2, picture.geometry.keyGap / 2))
        let b = popup.bounds
        cairo_save(cr)
        // The panel's own drop shadow, one hairline lower, then the panel and its border.
        for (dy, color) in [(m.hair, theme.shadow), (0, theme.background.bottom)] {
            roundedRect(cr, Double(b.x) - pad, Double(b.y) - pad + dy, Double(b.width) + 2 * pad,
                        Double(b.height) + 2 * pad, m.radius + pad)
            set(cr, color)
            cairo_fill(cr)
        }
        let keyboardHeight = picture.geometry.size.height
        for (i, r) in popup.cells.enumerated() where r.width > 0 && r.height > 0 {
            let fill: PainterCache.Fill = popup.selected == i ? .keyPressed : .key
            let face = cache.bitmap(.face(width: r.width, height: r.height, top: r.y,
                                          keyboardHeight: keyboardHeight, fill: fill), m) {
                try makeFace(width: r.width, height: r.height, top: r.y, keyboardHeight: keyboardHeight, fill: fill, m)
            }
            face?.paint(on: cr, x: Double(r.x - m.margin), y: Double(r.y - m.margin))
            paintText(popup.texts[i], in: r, ink: theme.label, cr, m)
            paintMarks(in: r, progress: picture.marks.dwellProgress(ofAlternate: i), scanned: false, cr, m)
        }
        cairo_restore(cr)
    }

    /// Steps 1 to 6 of a key `width`×`height` px whose top is `top` px below the keyboard's,
    /// on a transparent sprite with `m.margin` px of room on every side for the shadow.
    func makeFace(width: Int, height: Int, top: Int, keyboardHeight: Int,
                          fill: PainterCache.Fill, _ m: Metrics) throws(RenderError) -> Bitmap {
        let pad = m.margin, p = Double(m.margin)
        let w = Double(width), h = Double(height)
        let inset = m.hair / 2
        let outline = (x: p + inset, y: p + inset, w: w - 2 * inset, h: h - 2 * inset)
        let spriteW = width + 2 * pad, spriteH = height + 2 * pad

        // 1. Drop shadow: the key's shape moved down and blurred (Cairo has no blur: a
        //    Gaussian over an A8 mask, `Bitmap.blur`).
        let drop = try Bitmap(CAIRO_FORMAT_A8, width: spriteW, height: spriteH) { mcr in
            roundedRect(mcr, p, p + m.shadowOffset, w, h, m.radius)
            cairo_fill(mcr)
        }
        drop.blur(sigma: m.shadowSigma)
        // 4. Bottom inner shadow: everything but the key, moved up and blurred the same way.
        let inner = try Bitmap(CAIRO_FORMAT_A8, width: spriteW, height: spriteH) { mcr in
            cairo_set_fill_rule(mcr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_rectangle(mcr, 0, 0, Double(spriteW), Double(spriteH))
            roundedRect(mcr, outline.x, outline.y - m.innerOffset, outline.w, outline.h, m.radius)
            cairo_fill(mcr)
        }
        inner.blur(sigma: m.innerShadowSigma)

        return try Bitmap(CAIRO_FORMAT_ARGB32, width: spriteW, height: spriteH) { cr in
            set(cr, theme.shadow)
            drop.paint(on: cr, x: 0, y: 0, asMask: true)
            // 2. Key gradient over the outline, key top to key bottom.
            roundedRect(cr, outline.x, outline.y, outline.w, outline.h, m.radius)
            cache.use(fill, top: pad, height: height, on: cr)
            cairo_fill_preserve(cr)
            // 3. Global gradient, keyboard top to keyboard bottom, over the same outline.
            cache.use(.global, top: pad - top, height: keyboardHeight, on: cr)
            cairo_fill_preserve(cr)

            cairo_save(cr)
            cairo_clip(cr)
            set(cr, theme.innerShadow)
            inner.paint(on: cr, x: 0, y: 0, asMask: true)
            // 5. Top inner highlight: everything but the key, moved down, crisp.
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_rectangle(cr, 0, 0, Double(spriteW), Double(spriteH))
            roundedRect(cr, outline.x, outline.y + m.innerOffset, outline.w, outline.h, m.radius)
            set(cr, theme.innerHighlight)
            cairo_fill(cr)
            cairo_restore(cr)

            // 6. Border.
            roundedRect(cr, outline.x, outline.y, outline.w, outline.h, m.radius)
            cairo_set_line_width(cr, m.hair)
            set(cr, theme.border)
            cairo_stroke(cr)
        }
    }
}
