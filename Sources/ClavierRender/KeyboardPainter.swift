import CPangoCairo
import ClavierCore

/// Paints a keyboard as the session shows it (a `Picture`) in the look of look.md into a `Canvas`: the background, then each key's
/// shadow, gradients, inner shadow, highlight, border and symbol, all with Cairo and Pango.
///
/// A painter keeps its Pango layout, gradients, key faces and masks between paints, so it is
/// meant to live as long as the window; copies share those caches and must stay on one thread.
public struct KeyboardPainter {
    public let theme: Theme
    let cache: PainterCache

    /// A painter for `theme` (its sizes clamped to `Theme.Limits`), with its own Pango font
    /// map (`pango_cairo_font_map_new`); the gradients and bitmaps it needs are made on first
    /// use and kept.
    public init(theme: Theme) {
        // Clamped here, not only by the reader: a theme built in code with a 1e308 shadow
        // offset would trap converting the margin to Int, and a 32768 px font never finishes.
        self.theme = theme.clampedToLimits
        cache = PainterCache(theme: self.theme)
    }

    /// Names everything `paintAll` reads to paint `picture` now with `theme` (the size, each
    /// key's rectangle, class, state and symbol, Shift, the accessory bar and the theme), so
    /// that equal names mean equal pictures from the same painter and fonts; nil while a
    /// popup is open. Touches no font: a start-up can look for a kept picture by it.
    public static func pictureKey(of picture: Picture, theme: Theme) -> String? {
        guard picture.popup == nil, picture.settingsPage == nil else { return nil }
        let geometry = picture.geometry
        var key = "size " + String(geometry.size.width) + "x" + String(geometry.size.height) + " keyHeight " + String(geometry.keyHeight) + " shift " + picture.shift.rawValue + "\n"
        for frame in geometry.frames {
            let r = frame.rect, k = frame.key
            // Written out rather than interpolated: describing enums goes through reflection,
            // a millisecond for a page of keys on the start-up path.
            key += text(r)
            key += k.keyClass == .function ? " f" : " k"
            if case .modifier(.shift) = k.action { key += " shift" }
            key += " " + picture.state(of: k).rawValue + " "
            switch picture.label(of: k) {
            case .text(let text): key += "t" + text + "\n"
            case .icon(let icon): key += "i" + icon.rawValue + "\n"
            }
        }
        if let bar = picture.accessory {
            key += "bar " + text(bar.rect)
            for placed in bar.cells {
                switch placed.cell {
                case .completion(let slot): key += " c" + String(slot)
                case .format(let format): key += " f" + format.rawValue
                case .settings: key += " gear"
                case .speak: key += " speak"
                case .savePhrase: key += " save"
                }
                key += "@" + text(placed.rect)
            }
            key += "\ncompletions " + picture.completions.joined(separator: "\u{0}") + "\n"
        }
        key += "theme\n" + theme.fieldLines
        return key
    }

    private static func text(_ r: Rect) -> String {
        String(r.x) + "," + String(r.y) + "," + String(r.width) + "," + String(r.height)
    }

    /// Paints the background and every key of `picture`'s current page, as the keys look now.
    public func paintAll(_ picture: Picture, on canvas: borrowing Canvas) {
        let cr = canvas.cr
        let geometry = picture.geometry
        let m = Metrics(keyHeight: geometry.keyHeight, theme: theme)
        cairo_save(cr)
        cairo_reset_clip(cr)
        paintBackground(cr, size: geometry.size, m)
        if let page = picture.settingsPage {
            paintSettings(page, of: picture, cr)
            cairo_restore(cr)
            return
        }
        if let bar = picture.accessory { paintBar(bar, of: picture, cr, m) }
        for frame in geometry.frames {
            paintKey(frame, of: picture, cr, m)
        }
        if let popup = picture.popup { paintPopup(popup, of: picture, cr, m) }
        paintScannedGear(of: picture, cr, m)
        cairo_restore(cr)
    }

    /// Repaints only the keys `ids` (and whatever of their neighbours and the background lies
    /// under them) and returns the damaged area, clamped to the canvas, for the X side to put
    /// on screen; `nil` when none of `ids` is on the current page. The pixels are exactly
    /// those `paintAll` would paint there.
    @discardableResult
    public func paintKeys(_ ids: [Key.ID], of picture: Picture, on canvas: borrowing Canvas) -> Rect? {
        let cr = canvas.cr
        let geometry = picture.geometry
        let m = Metrics(keyHeight: geometry.keyHeight, theme: theme)
        let bounds = Rect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height)
        if picture.popup != nil || picture.settingsPage != nil || (picture.marks.scanned.contains(.cell(.settings)) && !picture.keyboard.showsGear) {
            // The popup (the page, the scan's gear) lies over other keys: repainting one of them would cover it.
            paintAll(picture, on: canvas)
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
                paintKey(other, of: picture, cr, m)
            }
            cairo_restore(cr)
            damage = damage.map { $0.union(area) } ?? area
        }
        return damage
    }

    // MARK: Background

    /// look.md "Keyboard background": the vertical gradient and the two 1 px top lines,
    /// within the current clip.
    func paintBackground(_ cr: OpaquePointer, size: Size, _ m: Metrics) {
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

    func set(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }
}

extension Rect {
    /// The overlap of two rectangles, `nil` when they do not overlap.
    func intersection(_ other: Rect) -> Rect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
