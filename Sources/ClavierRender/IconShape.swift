import CPangoCairo
import ClavierCore

/// How an icon is drawn: the key's state picks the variant.
struct IconVariant: Hashable {
    /// Shift's arrow is filled while Shift is latched or locked, hollow otherwise.
    var filled = false
    /// Caps lock's bar under the arrow.
    var lockBar = false
}

extension Icon {
    /// Paints this icon's shape with `cr`'s source, centred on (`cx`, `cy`), sized for a
    /// key `keyHeight` px tall. Every figure below is a fraction of the key's height, so the
    /// icons keep their proportions from a phone-sized key to a 4K one.
    func draw(on cr: OpaquePointer, cx: Double, cy: Double, keyHeight kh: Double, variant: IconVariant) {
        let lw = max(1.25, kh * 0.032)
        cairo_set_line_width(cr, lw)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        switch self {
        case .backspace: Self.backspace(cr, cx, cy, kh)
        case .shift: Self.shift(cr, cx, cy, kh, variant, lw)
        case .return: Self.returnArrow(cr, cx, cy, kh)
        case .hide: Self.hideKeyboard(cr, cx, cy, kh, lw)
        case .globe: Self.globe(cr, cx, cy, kh, lw)
        case .tab: Self.tab(cr, cx, cy, kh)
        case .gear: Self.gear(cr, cx, cy, kh, lw)
        case .speak: Self.speaker(cr, cx, cy, kh)
        case .save: Self.bookmark(cr, cx, cy, kh)
        }
    }

    /// The side of the square mask that holds any icon for a key `keyHeight` px tall.
    static func maskSide(keyHeight kh: Double) -> Int { Int((0.7 * kh).rounded(.up)) + 4 }

    /// A left-pointing pentagon outline with an × in its body.
    private static func backspace(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ kh: Double) {
        let w = 0.56 * kh, h = 0.36 * kh, r = 0.05 * kh
        let x0 = cx - w / 2, x1 = cx + w / 2, y0 = cy - h / 2, y1 = cy + h / 2
        let shoulder = x0 + h / 2   // 45° slopes to the tip
        cairo_move_to(cr, x0, cy)
        cairo_line_to(cr, shoulder, y0)
        cairo_arc(cr, x1 - r, y0 + r, r, -.pi / 2, 0)
        cairo_arc(cr, x1 - r, y1 - r, r, 0, .pi / 2)
        cairo_line_to(cr, shoulder, y1)
        cairo_close_path(cr)
        cairo_stroke(cr)
        let xc = (shoulder + x1) / 2 - 0.01 * kh, arm = 0.075 * kh
        cairo_move_to(cr, xc - arm, cy - arm)
        cairo_line_to(cr, xc + arm, cy + arm)
        cairo_move_to(cr, xc + arm, cy - arm)
        cairo_line_to(cr, xc - arm, cy + arm)
        cairo_stroke(cr)
    }

    /// An upward arrow outline, filled when latched; locked adds a bar under it (⇪).
    private static func shift(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ kh: Double,
                              _ variant: IconVariant, _ lw: Double) {
        let w = 0.42 * kh, h = 0.38 * kh, stem = 0.11 * kh
        let gap = 0.05 * kh, bar = max(lw * 1.6, 0.07 * kh)
        let total = variant.lockBar ? h + gap + bar : h
        let y0 = cy - total / 2, y1 = y0 + h, neck = y0 + 0.5 * h
        cairo_move_to(cr, cx, y0)
        cairo_line_to(cr, cx + w / 2, neck)
        cairo_line_to(cr, cx + stem, neck)
        cairo_line_to(cr, cx + stem, y1)
        cairo_line_to(cr, cx - stem, y1)
        cairo_line_to(cr, cx - stem, neck)
        cairo_line_to(cr, cx - w / 2, neck)
        cairo_close_path(cr)
        if variant.filled { cairo_fill_preserve(cr) }
        cairo_stroke(cr)
        if variant.lockBar {
            // As wide as the stroked stem, so the bar reads as the arrow's base.
            let half = stem + lw / 2
            cairo_rectangle(cr, cx - half, y1 + gap, 2 * half, bar)
            cairo_fill(cr)
        }
    }

    /// ⏎: down the right side, then left to an arrowhead.
    private static func returnArrow(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ kh: Double) {
        let w = 0.48 * kh, h = 0.24 * kh, head = 0.13 * kh, spread = 0.09 * kh, r = 0.06 * kh
        let x0 = cx - w / 2, x1 = cx + w / 2
        let y0 = cy - (h + spread) / 2, y1 = y0 + h
        cairo_move_to(cr, x1, y0)
        cairo_line_to(cr, x1, y1 - r)
        cairo_arc(cr, x1 - r, y1 - r, r, 0, .pi / 2)
        cairo_line_to(cr, x0 + head * 0.6, y1)
        cairo_stroke(cr)
        cairo_move_to(cr, x0, y1)
        cairo_line_to(cr, x0 + head, y1 - spread)
        cairo_line_to(cr, x0 + head, y1 + spread)
        cairo_close_path(cr)
        cairo_fill_preserve(cr)
        cairo_stroke(cr)
    }

    /// A small keyboard (two rows of keys and a space bar) over a down chevron.
    private static func hideKeyboard(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ kh: Double, _ lw: Double) {
        let w = 0.5 * kh, h = 0.3 * kh, r = 0.04 * kh
        let gap = 0.06 * kh, chevronW = 0.16 * kh, chevronH = 0.07 * kh
        let total = h + gap + chevronH
        let x0 = cx - w / 2, y0 = cy - total / 2
        cairo_save(cr)
        cairo_set_line_width(cr, lw * 0.85)
        roundedRect(cr, x0, y0, w, h, r)
        cairo_stroke(cr)
        cairo_restore(cr)
        let dot = 0.045 * kh, columns = 6
        let pitch = (w - 0.16 * kh) / Double(columns - 1)
        for row in 0..<2 {
            let y = y0 + h * (0.3 + 0.24 * Double(row))
            for column in 0..<columns {
                let x = x0 + 0.08 * kh + pitch * Double(column)
                cairo_rectangle(cr, x - dot / 2, y - dot / 2, dot, dot)
            }
        }
        cairo_rectangle(cr, cx - 0.22 * w, y0 + h * 0.78 - dot / 2, 0.44 * w, dot)
        cairo_fill(cr)
        let yc = y0 + h + gap
        cairo_move_to(cr, cx - chevronW / 2, yc)
        cairo_line_to(cr, cx, yc + chevronH)
        cairo_line_to(cr, cx + chevronW / 2, yc)
        cairo_stroke(cr)
    }

    /// A circle with a meridian, an axis, the equator and two parallels.
    private static func globe(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ kh: Double, _ lw: Double) {
        let r = 0.18 * kh
        cairo_set_line_width(cr, lw * 0.85)
        cairo_new_sub_path(cr)
        cairo_arc(cr, cx, cy, r, 0, 2 * .pi)
        cairo_stroke(cr)
        cairo_save(cr)
        cairo_translate(cr, cx, cy)
        cairo_scale(cr, 0.45, 1)
        cairo_new_sub_path(cr)
        cairo_arc(cr, 0, 0, r, 0, 2 * .pi)
        cairo_restore(cr)
        cairo_move_to(cr, cx, cy - r)
        cairo_line_to(cr, cx, cy + r)
        cairo_move_to(cr, cx - r, cy)
        cairo_line_to(cr, cx + r, cy)
        let chord = r * 0.8
        for dy in [-0.55 * r, 0.55 * r] {
            cairo_move_to(cr, cx - chord, cy + dy)
            cairo_line_to(cr, cx + chord, cy + dy)
        }
        cairo_stroke(cr)
    }

    /// → | : an arrow to a bar.
    private static func tab(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ kh: Double) {
        let w = 0.44 * kh, h = 0.26 * kh, head = 0.11 * kh, gap = 0.05 * kh
        let x0 = cx - w / 2, x1 = cx + w / 2
        cairo_move_to(cr, x1, cy - h / 2)
        cairo_line_to(cr, x1, cy + h / 2)
        let tip = x1 - gap
        cairo_move_to(cr, x0, cy)
        cairo_line_to(cr, tip, cy)
        cairo_move_to(cr, tip - head, cy - head)
        cairo_line_to(cr, tip, cy)
        cairo_line_to(cr, tip - head, cy + head)
        cairo_stroke(cr)
    }

    /// ⚙: eight square-ish teeth on a wheel with a hole, outlined as the other icons are, so
    /// it reads as the phones' settings gear at a key's size.
    private static func gear(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ kh: Double, _ lw: Double) {
        let teeth = 8, tip = 0.2 * kh, root = 0.145 * kh, hole = 0.065 * kh
        let pitch = 2 * Double.pi / Double(teeth)
        // A tooth narrows a little to its tip; the root between two teeth follows the wheel.
        // Arcs only (cairo joins each to the last with a line): no trigonometry, no Foundation.
        let rootHalf = pitch * 0.27, tipHalf = pitch * 0.2
        cairo_new_path(cr)
        for i in 0..<teeth {
            let a = Double(i) * pitch - .pi / 2
            cairo_arc(cr, cx, cy, root, a - pitch + rootHalf, a - rootHalf)
            cairo_arc(cr, cx, cy, tip, a - tipHalf, a + tipHalf)
        }
        cairo_close_path(cr)
        cairo_stroke(cr)
        cairo_new_sub_path(cr)
        cairo_arc(cr, cx, cy, hole, 0, 2 * .pi)
        cairo_set_line_width(cr, lw * 0.9)
        cairo_stroke(cr)
    }

    /// A loudspeaker, its cone opening to the right, and two sound waves before it (Speak).
    private static func speaker(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ kh: Double) {
        let box = 0.12 * kh, cone = 0.3 * kh, boxW = 0.07 * kh, flare = 0.1 * kh
        let x0 = cx - 0.2 * kh, mouth = x0 + boxW + flare
        cairo_move_to(cr, x0, cy - box / 2)
        cairo_line_to(cr, x0 + boxW, cy - box / 2)
        cairo_line_to(cr, mouth, cy - cone / 2)
        cairo_line_to(cr, mouth, cy + cone / 2)
        cairo_line_to(cr, x0 + boxW, cy + box / 2)
        cairo_line_to(cr, x0, cy + box / 2)
        cairo_close_path(cr)
        cairo_stroke(cr)
        for radius in [0.1 * kh, 0.19 * kh] {
            cairo_new_sub_path(cr)
            cairo_arc(cr, mouth, cy, radius, -.pi / 4, .pi / 4)
        }
        cairo_stroke(cr)
    }

    /// A bookmark, notched at its foot, with a plus in it (Save: keep this sentence).
    private static func bookmark(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ kh: Double) {
        let w = 0.26 * kh, h = 0.36 * kh, notch = 0.09 * kh, arm = 0.06 * kh
        let x0 = cx - w / 2, x1 = cx + w / 2, y0 = cy - h / 2, y1 = cy + h / 2
        cairo_move_to(cr, x0, y0)
        cairo_line_to(cr, x1, y0)
        cairo_line_to(cr, x1, y1)
        cairo_line_to(cr, cx, y1 - notch)
        cairo_line_to(cr, x0, y1)
        cairo_close_path(cr)
        cairo_stroke(cr)
        let plus = y0 + 0.38 * h
        cairo_move_to(cr, cx - arm, plus)
        cairo_line_to(cr, cx + arm, plus)
        cairo_move_to(cr, cx, plus - arm)
        cairo_line_to(cr, cx, plus + arm)
        cairo_stroke(cr)
    }
}
