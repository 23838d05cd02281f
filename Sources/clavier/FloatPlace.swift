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

    /// Chooses where the keyboard floats, as it starts floating or is turned to float
    /// (`FloatChoice.rect`; nil: the default place).
    func choose(_ settings: Settings, layout: Layout, display: Display) {
        let screen = Size(width: display.screenSize.width, height: display.screenSize.height)
        let monitor = display.monitor(named: settings[.monitor])
        rect = FloatChoice.rect(settings, layout: layout, rows: rows, screen: screen,
                                monitor: FloatChoice.Monitor(rect: monitor.rect, millimetres: monitor.millimetres),
                                scale: scale, store: store)
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
        if FloatChoice.remember(rect, in: store) { saved = rect }
    }
}
