import ClavierCore
import ClavierLayouts

/// Where a floating keyboard goes as it starts floating or is turned to float, the same on X
/// (`FloatPlace.choose`: X's screen, or Wayland's output in `WaylandStart.chooseFloat`), and how a move is kept.
package enum FloatChoice {
    /// The monitor (or output) the keyboard floats on: its place on the screen, and its
    /// physical size for the key size.
    package struct Monitor {
        var rect: Rect
        var millimetres: Size

        package init(rect: Rect, millimetres: Size) { (self.rect, self.millimetres) = (rect, millimetres) }
    }

    /// `--geometry`'s place, else where it was left (`store`), sized by its keys when a key size
    /// is asked for (or on a wide layout's first showing); nil: neither, the monitor's default
    /// place (`FloatFrame.defaultRect`).
    static func rect(_ settings: Settings, layout: Layout, rows: Int, screen: Size, monitor: Monitor,
                     scale: DisplayScale, store: FloatStateStore) -> Rect? {
        if let geometry = settings[.geometry].flatMap(WindowGeometry.init(parsing:)) { return geometry.rect(on: screen) }
        let (remembered, warning) = store.load()
        if let warning { Log.warning(warning) }
        // A key size asked for, or a wide layout's first showing, sizes the window by its keys.
        guard settings[.keySize] != nil || (remembered == nil && layout.isWide) else { return remembered }
        let sized = KeySize.floatingRect(
            pitch: settings[.keySize] ?? KeySize.defaultMillimetres, units: layout.widestUnits,
            rows: Double(rows), monitor: monitor.rect, millimetres: monitor.millimetres, scale: scale)
        guard let sized else {
            if settings[.keySize] != nil { Log.warning("the monitor's physical size is unknown: --key-size is ignored") }
            return remembered
        }
        return remembered.map { Rect(x: $0.x, y: $0.y, width: sized.width, height: sized.height) } ?? sized
    }

    /// Keeps `rect` in `store` for the next start; false (with a warning) when it cannot.
    @discardableResult
    static func remember(_ rect: Rect, in store: FloatStateStore) -> Bool {
        do {
            try store.save(rect)
            return true
        } catch {
            Log.warning("cannot remember the keyboard's place in \(store.path): \(error)")
            return false
        }
    }
}
