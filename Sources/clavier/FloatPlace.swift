import ClavierCore
import ClavierLayouts
import ClavierX11

/// Whether and where the keyboard floats on X: shared by the placement (asked again when the
/// screen changes and when the window is made again), the floating frame that remembers the
/// user's moves, and the settings page, which docks or floats the keyboard as it runs
/// (`XHost.refloat`).
final class FloatPlace {
    /// Whether the keyboard floats now (`XHost.floats`).
    var floating = false
    /// Where it floats; nil: not chosen, the monitor's default place (`FloatFrame.defaultRect`).
    var rect: Rect?
    /// The last rectangle written to the state file, so an unmoved keyboard writes nothing.
    var saved: Rect?
    let store = FloatStateStore.standard()
    /// The display's scale, which sizes a default place and the frame.
    let scale: DisplayScale
    /// How many rows of keys (and the accessory bar) the docked height is made for.
    let rows: Int

    init(scale: DisplayScale, rows: Int) {
        self.scale = scale
        self.rows = rows
    }

    /// Chooses where the keyboard floats, as it starts floating or is turned to float:
    /// `--geometry`'s place, else where it was left, sized by its keys when a key size is asked
    /// for (or on a wide layout's first showing); else nothing, the default place.
    func choose(_ settings: Settings, layout: Layout, display: Display) {
        let screen = Size(width: display.screenSize.width, height: display.screenSize.height)
        if let geometry = settings[.geometry].flatMap(WindowGeometry.init(parsing:)) {
            rect = geometry.rect(on: screen)
            return
        }
        let (remembered, warning) = store.load()
        if let warning { Log.warning(warning) }
        rect = remembered
        // A key size asked for, or a wide layout's first showing, sizes the window by its keys.
        guard settings[.keySize] != nil || (remembered == nil && layout.isWide) else { return }
        let monitor = display.monitor(named: settings[.monitor])
        let sized = KeySize.floatingRect(
            pitch: settings[.keySize] ?? KeySize.defaultMillimetres, units: layout.widestUnits,
            rows: Double(rows), monitor: monitor.rect, millimetres: monitor.millimetres, scale: scale)
        if let sized {
            rect = remembered.map { Rect(x: $0.x, y: $0.y, width: sized.width, height: sized.height) } ?? sized
        } else if settings[.keySize] != nil {
            Log.warning("the monitor's physical size is unknown: --key-size is ignored")
        }
    }

    /// Where the window goes under `settings`: floating at its place, clamped to the screen,
    /// else docked across its monitor, as tall as the rows at the key size.
    func placement(_ settings: Settings, display: Display) -> Placement {
        let screen = Size(width: display.screenSize.width, height: display.screenSize.height)
        if floating {
            let rect = rect ?? FloatFrame.defaultRect(monitor: display.monitor(named: settings[.monitor]).rect, scale: scale)
            return .floating(FloatFrame.clamped(rect, to: screen, scale: scale))
        }
        let chosen = display.monitor(named: settings[.monitor])
        let size = Size(width: chosen.rect.width, height: chosen.rect.height)
        let pixels = settings[.height].pixels(monitor: size, millimetres: chosen.millimetres, rows: rows,
                                              rowPitch: settings[.keySize] ?? DockHeight.rowPitchMillimetres)
        return .docked(settings[.dock], monitor: chosen.rect, height: pixels)
    }

    /// The user moved the keyboard to `rect` (or `--geometry` put it there): kept for the next
    /// start, once per place.
    func moved(to rect: Rect) {
        guard rect != saved else { return }
        self.rect = rect
        do {
            try store.save(rect)
            saved = rect
        } catch {
            Log.warning("cannot remember the keyboard's place in \(store.path): \(error)")
        }
    }
}
