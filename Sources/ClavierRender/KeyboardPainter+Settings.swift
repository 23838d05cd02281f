import CPangoCairo
import ClavierCore

/// The settings page (`SettingsPage`), painted in the keyboard's own look: the background,
/// then each cell as a big key face with its title above its value, − and + at the sides of
/// a stepped one; a locked cell on a function key's face with why, small, under its value;
/// dwell's progress and the scan's highlight over a cell, or over its − or + part.
extension KeyboardPainter {
    /// Paints the whole page; what is under it (the keys) is not painted at all.
    func paintSettings(_ page: SettingsPage, of picture: Picture, _ cr: OpaquePointer) {
        let keyboardHeight = picture.geometry.size.height
        for cell in page.cells where cell.rect.width > 0 && cell.rect.height > 0 {
            let r = cell.rect
            // The figures of a key as tall as the keys (the faces' look), at most as tall as the cell.
            let m = Metrics(keyHeight: max(min(r.height, picture.geometry.keyHeight), 1), theme: theme)
            let fill: PainterCache.Fill = cell.locked || cell.action == .done ? .functionKey : .key
            let face = cache.bitmap(.face(width: r.width, height: r.height, top: r.y, keyboardHeight: keyboardHeight, fill: fill), m) {
                try makeFace(width: r.width, height: r.height, top: r.y, keyboardHeight: keyboardHeight, fill: fill, m)
            }
            face?.paint(on: cr, x: Double(r.x - m.margin), y: Double(r.y - m.margin))
            // The value reads first, a word of a big key; the title and the note smaller above and below.
            let third = r.height / 3, valueSize = m.wordSize * 1.3, titleSize = m.wordSize * 0.9
            let ink = cell.locked ? theme.labelDisabled : theme.label
            // Between − and + on a stepped cell; a text too wide for its room is made smaller, never cut.
            let room = Double(r.width) * (cell.stepped ? 0.6 : 0.9)
            paintText(cell.title, in: Rect(x: r.x, y: r.y + third / 8, width: r.width, height: third), ink: ink, cr, m,
                      pixelSize: fitted(cell.title, titleSize, in: Double(r.width) * 0.9))
            let valueBox = Rect(x: r.x, y: r.y + third, width: r.width, height: third)
            paintText(cell.value, in: valueBox, ink: ink, cr, m, pixelSize: fitted(cell.value, valueSize, in: room))
            if cell.stepped {
                let side = r.width / 6
                paintText("\u{2212}", in: Rect(x: r.x, y: valueBox.y, width: side, height: valueBox.height), ink: ink, cr, m,
                          pixelSize: valueSize * 1.4)
                paintText("+", in: Rect(x: r.maxX - side, y: valueBox.y, width: side, height: valueBox.height), ink: ink, cr, m,
                          pixelSize: valueSize * 1.4)
            }
            if let note = cell.note {
                paintText(note, in: Rect(x: r.x, y: r.maxY - third - third / 8, width: r.width, height: third), ink: ink, cr, m,
                          pixelSize: fitted(note, titleSize * 0.85, in: Double(r.width) * 0.9))
            }
            // Dwell's progress and the scan's highlight, on the part of the cell a press there acts on.
            for target in SettingsPage.targets(of: cell) {
                guard let area = page.rect(of: target) else { continue }
                paintMarks(in: area, progress: picture.marks.dwellProgress(of: target), scanned: picture.marks.scanned.contains(target), cr, m)
            }
        }
    }

    /// The scan's settings gear on a keyboard whose bar shows none (`Scanner.rows`): while its
    /// row is highlighted, a big function key over the middle of the keys, the gear and
    /// "Settings" on it, in the scan's highlight; nothing otherwise.
    func paintScannedGear(of picture: Picture, _ cr: OpaquePointer, _ m: Metrics) {
        guard picture.marks.scanned.contains(.cell(.settings)), !picture.keyboard.showsGear else { return }
        let size = picture.geometry.size, key = picture.geometry.keyHeight
        let width = min(size.width - 2 * m.margin, max(key * 3, size.width / 3))
        let height = min(size.height - 2 * m.margin, key * 2)
        guard width > 0, height > 0 else { return }
        let r = Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
        let face = cache.bitmap(.face(width: width, height: height, top: r.y, keyboardHeight: size.height, fill: .functionKey), m) {
            try makeFace(width: width, height: height, top: r.y, keyboardHeight: size.height, fill: .functionKey, m)
        }
        face?.paint(on: cr, x: Double(r.x - m.margin), y: Double(r.y - m.margin))
        paintIcon(.gear, IconVariant(), in: Rect(x: r.x, y: r.y, width: width, height: height / 2 + height / 6), ink: theme.label, cr, m)
        paintText("Settings", in: Rect(x: r.x, y: r.y + height / 2 + height / 8, width: width, height: height / 3), ink: theme.label,
                  cr, m, pixelSize: m.wordSize)
        paintMarks(in: r, progress: 0, scanned: true, cr, m)
    }

    /// `size`, or smaller so that `text` is at most `width` wide.
    func fitted(_ text: String, _ size: Double, in width: Double) -> Double {
        let wide = cache.typesetter.set(text, pixelSize: size).logical.width
        return wide <= width || wide <= 0 ? size : (size * width / wide).rounded(.down)
    }
}
