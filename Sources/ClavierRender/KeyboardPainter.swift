import CPangoCairo
import ClavierCore

/// Paints a keyboard in the look of look.md into a `Canvas`: the background, then each key's
/// shadow, gradients, inner shadow, highlight, border and symbol, all with Cairo and Pango.
///
/// A painter keeps its Pango layout, gradients, key faces and masks between paints, so it is
/// meant to live as long as the window; copies share those caches and must stay on one thread.
public struct KeyboardPainter {
    public let theme: Theme
    private let cache: PainterCache

    /// A painter for `theme` (its sizes clamped to `Theme.Limits`), with its own Pango font
    /// map (`pango_cairo_font_map_new`); the gradients and bitmaps it needs are made on first
    /// use and kept.
    public init(theme: Theme = .system) {
        // Clamped here, not only by the reader: a theme built in code with a 1e308 shadow
        // offset would trap converting the margin to Int, and a 32768 px font never finishes.
        self.theme = theme.clampedToLimits
        cache = PainterCache(theme: self.theme)
    }

    /// Names everything `paintAll` reads to paint `keyboard` now with `theme` (the size, each
    /// key's rectangle, class, state and symbol, Shift, the accessory bar and the theme), so
    /// that equal names mean equal pictures from the same painter and fonts; nil while a
    /// popup is open. Touches no font: a start-up can look for a kept picture by it.
    public static func pictureKey(of keyboard: Keyboard, theme: Theme) -> String? {
        guard keyboard.popup == nil else { return nil }
        let geometry = keyboard.geometry
        var key = "size " + String(geometry.size.width) + "x" + String(geometry.size.height) + " keyHeight " + String(geometry.keyHeight) + " shift " + keyboard.shift.rawValue + "\n"
        for frame in geometry.frames {
            let r = frame.rect, k = frame.key
            // Written out rather than interpolated: describing enums goes through reflection,
            // a millisecond for a page of keys on the start-up path.
            key += text(r)
            key += k.keyClass == .function ? " f" : " k"
            if case .modifier(.shift) = k.action { key += " shift" }
            key += " " + keyboard.state(of: k).rawValue + " "
            switch keyboard.label(of: k) {
            case .text(let text): key += "t" + text + "\n"
            case .icon(let icon): key += "i" + icon.rawValue + "\n"
            }
        }
        if let bar = keyboard.accessory {
            key += "bar " + text(bar.rect)
            for placed in bar.cells {
                switch placed.cell {
                case .completion(let slot): key += " c" + String(slot)
                case .format(let format): key += " f" + format.rawValue
                }
                key += "@" + text(placed.rect)
            }
            key += "\ncompletions " + keyboard.completions.joined(separator: "\u{0}") + "\n"
        }
        key += "theme\n" + theme.fieldLines
        return key
    }

    private static func text(_ r: Rect) -> String {
        String(r.x) + "," + String(r.y) + "," + String(r.width) + "," + String(r.height)
    }

    /// Paints the background and every key of `keyboard`'s current page, as the keys look now.
    public func paintAll(_ keyboard: Keyboard, on canvas: borrowing Canvas) {
        let cr = canvas.cr
        let geometry = keyboard.geometry
        let m = Metrics(keyHeight: geometry.keyHeight, theme: theme)
        cairo_save(cr)
        cairo_reset_clip(cr)
        paintBackground(cr, size: geometry.size, m)
        if let bar = keyboard.accessory { paintBar(bar, of: keyboard, cr, m) }
        for frame in geometry.frames {
            paintKey(frame, of: keyboard, cr, m)
        }
        if let popup = keyboard.popup { paintPopup(popup, of: keyboard, cr, m) }
        cairo_restore(cr)
    }

    /// Repaints only the keys `ids` (and whatever of their neighbours and the background lies
    /// under them) and returns the damaged area, clamped to the canvas, for the X side to put
    /// on screen; `nil` when none of `ids` is on the current page. The pixels are exactly
    /// those `paintAll` would paint there.
    @discardableResult
    public func paintKeys(_ ids: [Key.ID], of keyboard: Keyboard, on canvas: borrowing Canvas) -> Rect? {
        let cr = canvas.cr
        let geometry = keyboard.geometry
        let m = Metrics(keyHeight: geometry.keyHeight, theme: theme)
        let bounds = Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height)
        if keyboard.popup != nil {
            // The popup lies over other keys: repainting one of them would cover it.
            paintAll(keyboard, on: canvas)
            return bounds
        }
        var damage: Rect?
        var done: Set<Key.ID> = []
        for id in ids where done.insert(id).inserted {
            guard let frame = geometry.frame(id: id),
                  let area = frame.rect.outset(by: m.margin).intersection(bounds) else { continue }
            cairo_save(cr)
            cairo_reset_clip(cr)
            cairo_rectangle(cr, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
            cairo_clip(cr)
            paintBackground(cr, size: geometry.size, m)
            // Every key reaching into the area, in paintAll's order, so a neighbour's shadow
            // overlapping this key's margin comes back exactly as it was.
            for other in geometry.frames where other.rect.outset(by: m.margin).intersection(area) != nil {
                paintKey(other, of: keyboard, cr, m)
            }
            cairo_restore(cr)
            damage = damage.map { $0.union(area) } ?? area
        }
        return damage
    }

    /// Repaints the accessory bar alone (its completions changed or a cell was pressed) and
    /// returns its area; `nil` when the layout has no bar. The pixels are exactly those
    /// `paintAll` would paint there.
    @discardableResult
    public func paintAccessory(of keyboard: Keyboard, on canvas: borrowing Canvas) -> Rect? {
        guard let bar = keyboard.accessory else { return nil }
        if keyboard.popup != nil {
            paintAll(keyboard, on: canvas)
            return Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height)
        }
        let cr = canvas.cr
        let m = Metrics(keyHeight: keyboard.geometry.keyHeight, theme: theme)
        cairo_save(cr)
        cairo_reset_clip(cr)
        cairo_rectangle(cr, Double(bar.rect.x), Double(bar.rect.y), Double(bar.rect.width), Double(bar.rect.height))
        cairo_clip(cr)
        paintBackground(cr, size: keyboard.geometry.size, m)
        paintBar(bar, of: keyboard, cr, m)
        cairo_restore(cr)
        return bar.rect
    }

    /// The accessory bar, within its strip: each completion as a word between hairline
    /// separators (on a pressed key face while held), each formatting action as a function key.
    private func paintBar(_ bar: AccessoryBar, of keyboard: Keyboard, _ cr: OpaquePointer, _ m: Metrics) {
        cairo_save(cr)
        cairo_rectangle(cr, Double(bar.rect.x), Double(bar.rect.y), Double(bar.rect.width), Double(bar.rect.height))
        cairo_clip(cr)
        let keyboardHeight = keyboard.geometry.size.height
        for placed in bar.cells where placed.rect.width > 0 && placed.rect.height > 0 {
            let cell = placed.cell, r = placed.rect
            let held = keyboard.pressedAccessoryCell == cell
            func face(_ fill: PainterCache.Fill) {
                let sprite = cache.bitmap(.face(width: r.width, height: r.height, top: r.y,
                                                keyboardHeight: keyboardHeight, fill: fill), m) {
                    makeFace(width: r.width, height: r.height, top: r.y, keyboardHeight: keyboardHeight, fill: fill, m)
                }
                sprite.paint(on: cr, x: Double(r.x - m.margin), y: Double(r.y - m.margin))
            }
            switch cell {
            case .completion(let i):
                if i > 0 {
                    set(cr, theme.border)
                    cairo_rectangle(cr, Double(r.x) - Double(bar.rect.height / 10), Double(r.y) + Double(r.height) * 0.2,
                                    m.hair, Double(r.height) * 0.6)
                    cairo_fill(cr)
                }
                guard i < keyboard.completions.count else { continue }
                if held { face(.keyPressed) }
                paintText(keyboard.completions[i], in: r, ink: theme.label, cr, m)
            case .format(let formatting):
                face(held ? .keyPressed : .functionKey)
                paintText(formatting.label, in: r, ink: theme.label, cr, m)
            }
            paintMarks(in: r, progress: keyboard.marks.dwellProgress(of: cell), scanned: keyboard.marks.scanned.contains(.cell(cell)),
                       cr, m)
        }
        cairo_restore(cr)
    }

    // MARK: Background

    /// look.md "Keyboard background": the vertical gradient and the two 1 px top lines,
    /// within the current clip.
    private func paintBackground(_ cr: OpaquePointer, size: Size, _ m: Metrics) {
        let w = Double(size.width)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let rows = cache.backgroundRows(height: size.height)
        var y = max(Int(y0), 0)
        let end = min(Int(y1.rounded(.up)), rows.count)
        while y < end {
            // One solid fill per run of equal rows: a 450 px gradient has ~90 distinct rows.
            let color = rows[y]
            var next = y + 1
            while next < end && rows[next] == color { next += 1 }
            cairo_set_source_rgb(cr, Double(color >> 16 & 0xFF) / 255, Double(color >> 8 & 0xFF) / 255,
                                 Double(color & 0xFF) / 255)
            cairo_rectangle(cr, 0, Double(y), w, Double(next - y))
            cairo_fill(cr)
            y = next
        }
        set(cr, theme.topBorderDark)
        cairo_rectangle(cr, 0, 0, w, m.hair)
        cairo_fill(cr)
        set(cr, theme.topBorderLight)
        cairo_rectangle(cr, 0, m.hair, w, m.hair)
        cairo_fill(cr)
    }

    // MARK: One key

    /// look.md "One key": the face (steps 1 to 6, a cached sprite) and the symbol (step 7),
    /// clipped to the key's damage area so nothing a key paints escapes what `paintKeys` repaints.
    private func paintKey(_ frame: KeyFrame, of keyboard: Keyboard, _ cr: OpaquePointer, _ m: Metrics) {
        let r = frame.rect
        guard r.width > 0, r.height > 0 else { return }
        let state = keyboard.state(of: frame.key)
        cairo_save(cr)
        let area = r.outset(by: m.margin)
        cairo_rectangle(cr, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
        cairo_clip(cr)

        let fill: PainterCache.Fill
        switch state {
        case .pressed, .selected, .locked: fill = .keyPressed
        case .normal, .disabled: fill = frame.key.keyClass == .function ? .functionKey : .key
        }
        let keyboardHeight = keyboard.geometry.size.height
        let face = cache.bitmap(.face(width: r.width, height: r.height, top: r.y,
                                      keyboardHeight: keyboardHeight, fill: fill), m) {
            makeFace(width: r.width, height: r.height, top: r.y, keyboardHeight: keyboardHeight, fill: fill, m)
        }
        face.paint(on: cr, x: Double(area.x), y: Double(area.y))

        // 7. Symbol.
        let ink = state == .disabled ? theme.labelDisabled : theme.label
        switch keyboard.label(of: frame.key) {
        case .text(let text):
            paintText(text, in: r, ink: ink, cr, m)
            if state == .locked { paintLockMark(in: r, ink: ink, cr, m) }
        case .icon(let icon):
            var variant = IconVariant()
            if icon == .shift, case .modifier(.shift) = frame.key.action {
                // From Shift itself, not the key's state, so a latched Shift stays filled
                // while a finger is on it.
                variant.filled = keyboard.shift != .off
                variant.lockBar = keyboard.shift == .locked
            } else if icon == .shift {
                variant.filled = state == .selected || state == .locked
                variant.lockBar = state == .locked
            }
            paintIcon(icon, variant, in: r, ink: ink, cr, m)
            if state == .locked && icon != .shift { paintLockMark(in: r, ink: ink, cr, m) }
        }
        paintMarks(in: r, progress: keyboard.marks.dwellProgress(of: frame.key.id),
                   scanned: keyboard.marks.scanned.contains(.key(frame.key.id)), cr, m)
        cairo_restore(cr)
    }

    /// A long press's alternates: a panel in the keyboard's darker background colour under a
    /// row of key faces, each with its text; the one under the pointer in the pressed colours.
    private func paintPopup(_ popup: AlternatesPopup, of keyboard: Keyboard, _ cr: OpaquePointer, _ m: Metrics) {
        let pad = Double(max(Int(m.hair) * 2, keyboard.geometry.keyGap / 2))
        let b = popup.bounds
        cairo_save(cr)
        // The panel's own drop shadow, one hairline lower, then the panel and its border.
        for (dy, color) in [(m.hair, theme.shadow), (0, theme.background.bottom)] {
            roundedRect(cr, Double(b.x) - pad, Double(b.y) - pad + dy, Double(b.width) + 2 * pad,
                        Double(b.height) + 2 * pad, m.radius + pad)
            set(cr, color)
            cairo_fill(cr)
        }
        let keyboardHeight = keyboard.geometry.size.height
        for (i, r) in popup.cells.enumerated() where r.width > 0 && r.height > 0 {
            let fill: PainterCache.Fill = popup.selected == i ? .keyPressed : .key
            let face = cache.bitmap(.face(width: r.width, height: r.height, top: r.y,
                                          keyboardHeight: keyboardHeight, fill: fill), m) {
                makeFace(width: r.width, height: r.height, top: r.y, keyboardHeight: keyboardHeight, fill: fill, m)
            }
            face.paint(on: cr, x: Double(r.x - m.margin), y: Double(r.y - m.margin))
            paintText(popup.texts[i], in: r, ink: theme.label, cr, m)
            paintMarks(in: r, progress: keyboard.marks.dwellProgress(ofAlternate: i), scanned: false, cr, m)
        }
        cairo_restore(cr)
    }

    /// Steps 1 to 6 of a key `width`×`height` px whose top is `top` px below the keyboard's,
    /// on a transparent sprite with `m.margin` px of room on every side for the shadow.
    private func makeFace(width: Int, height: Int, top: Int, keyboardHeight: Int,
                          fill: PainterCache.Fill, _ m: Metrics) -> Bitmap {
        let pad = m.margin, p = Double(m.margin)
        let w = Double(width), h = Double(height)
        let inset = m.hair / 2
        let outline = (x: p + inset, y: p + inset, w: w - 2 * inset, h: h - 2 * inset)
        let spriteW = width + 2 * pad, spriteH = height + 2 * pad

        // 1. Drop shadow: the key's shape moved down and blurred (Cairo has no blur: a
        //    Gaussian over an A8 mask, `Bitmap.blur`).
        let drop = Bitmap(CAIRO_FORMAT_A8, width: spriteW, height: spriteH) { mcr in
            roundedRect(mcr, p, p + m.shadowOffset, w, h, m.radius)
            cairo_fill(mcr)
        }
        drop.blur(sigma: m.shadowSigma)
        // 4. Bottom inner shadow: everything but the key, moved up and blurred the same way.
        let inner = Bitmap(CAIRO_FORMAT_A8, width: spriteW, height: spriteH) { mcr in
            cairo_set_fill_rule(mcr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_rectangle(mcr, 0, 0, Double(spriteW), Double(spriteH))
            roundedRect(mcr, outline.x, outline.y - m.innerOffset, outline.w, outline.h, m.radius)
            cairo_fill(mcr)
        }
        inner.blur(sigma: m.innerShadowSigma)

        return Bitmap(CAIRO_FORMAT_ARGB32, width: spriteW, height: spriteH) { cr in
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

    /// A centred Pango label over its white emboss (the label's shape, moved down and blurred).
    private func paintText(_ text: String, in r: Rect, ink: Color, _ cr: OpaquePointer, _ m: Metrics) {
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
    private func paintIcon(_ icon: Icon, _ variant: IconVariant, in r: Rect, ink: Color, _ cr: OpaquePointer, _ m: Metrics) {
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
    private func paintLockMark(in r: Rect, ink: Color, _ cr: OpaquePointer, _ m: Metrics) {
        let w = (0.25 * m.keyHeight).rounded(), h = max(m.hair * 2, (0.05 * m.keyHeight).rounded())
        let x = (r.midX - w / 2).rounded(), y = (Double(r.maxY) - 0.14 * m.keyHeight - h).rounded()
        set(cr, ink)
        roundedRect(cr, x, y, w, h, h / 2)
        cairo_fill(cr)
    }

    private func set(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }
}

/// look.md's figures that every theme shares, for a key `baseKeyHeight` px tall (the
/// others are `Theme` values).
enum LookFigures {
    /// px: the key height the other figures are given for (look.md: "a key about 60 px tall").
    static let baseKeyHeight = 60.0
    /// The Gaussian standard deviation per px of blur radius. CoreAnimation's shadowRadius
    /// matches a CSS blur of twice as much, whose σ is half the CSS figure: σ = radius.
    static let sigmaPerBlurRadius = 1.0
}

/// Every size a key is painted with, scaled from look.md's 60 px key to this keyboard's keys.
struct Metrics {
    let keyHeight: Double
    /// look.md's scale factor s = keyHeight / 60.
    let s: Double
    /// px: the width of a "1 px" line, whole pixels so borders stay crisp.
    let hair: Double
    let radius: Double
    let shadowOffset: Double
    let shadowSigma: Double
    let innerShadowSigma: Double
    /// px: how far the inner shadow and highlight are cast into the key: one and a half
    /// hairlines, so the highlight fills the whole pixel row(s) under the border instead of
    /// straddling two rows (the outline sits on half pixels).
    let innerOffset: Double
    let embossOffset: Double
    let embossSigma: Double
    let iconShadowOffset: Double
    /// px: how far outside its rectangle a key paints (its blurred drop shadow), and so how
    /// much `paintKeys` repaints around it.
    let margin: Int
    let charSize: Double
    let wordSize: Double

    init(keyHeight: Int, theme: Theme) {
        self.keyHeight = Double(max(keyHeight, 1))
        s = self.keyHeight / LookFigures.baseKeyHeight
        hair = max(1, s.rounded())
        radius = theme.cornerRadius * s
        shadowOffset = theme.shadowOffsetY * s
        shadowSigma = theme.blurRadius * LookFigures.sigmaPerBlurRadius * s
        innerShadowSigma = shadowSigma
        innerOffset = 1.5 * hair
        embossOffset = max(1, (theme.embossOffset * s).rounded())
        embossSigma = shadowSigma
        iconShadowOffset = theme.iconShadowOffset * s
        margin = Int((shadowOffset + 3 * shadowSigma).rounded(.up)) + 1
        charSize = theme.fontSize * s
        wordSize = theme.fontSize * theme.wordLabelScale * s
    }
}

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

extension Rect {
    /// The overlap of two rectangles, `nil` when they do not overlap.
    func intersection(_ other: Rect) -> Rect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
