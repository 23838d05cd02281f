import ClavierCore
import ClavierLayouts

/// Whether and where the keyboard floats, on either window system: shared by the placement
/// (asked again when the screen or the outputs change and when the window is made again), the
/// floating frame that remembers the user's moves, and the settings page, which docks or floats
/// the keyboard as it runs (`XHost.refloat`, `WaylandHost.refloat`). X's screen and monitors
/// are read in XHost+Make.swift, Wayland's outputs in WaylandStart.swift.
package final class FloatPlace {
    /// Whether the keyboard floats now (`FloatPlace.floats`).
    package var floating = false
    /// Where it floats; nil: not chosen, the monitor's default place (`FloatFrame.defaultRect`).
    package var rect: Rect?
    /// The last rectangle written to the state file, so an unmoved keyboard writes nothing.
    var saved: Rect?
    let store = FloatStateStore.standard()
    /// The scale of the display (X) or output (Wayland) it floats on, which sizes a default
    /// place and the frame.
    package private(set) var scale: DisplayScale
    /// How many rows of keys (and the accessory bar) the docked height is made for.
    package let rows: Int

    package init(scale: DisplayScale, rows: Int) {
        self.scale = scale
        self.rows = rows
    }

    /// Chooses where the keyboard floats on a screen of `screen`, on `monitor`, at `scale`, as
    /// it starts floating or is turned to float (`FloatChoice.rect`; nil: the default place).
    package func choose(_ settings: Settings, layout: Layout, screen: Size, monitor: FloatChoice.Monitor, scale: DisplayScale) {
        self.scale = scale
        rect = FloatChoice.rect(settings, layout: layout, rows: rows, screen: screen, monitor: monitor, scale: scale, store: store)
    }

    /// Where it floats on a screen of `screen` whose monitor is at `monitor`: its place, else
    /// the monitor's default one, clamped to the screen.
    package func floatingRect(monitor: Rect, screen: Size) -> Rect {
        FloatFrame.clamped(rect ?? FloatFrame.defaultRect(monitor: monitor, scale: scale), to: screen, scale: scale)
    }

    /// The user moved the keyboard to `rect` (or `--geometry` put it there): kept for the next
    /// start, once per place.
    package func moved(to rect: Rect) {
        self.rect = rect
        guard rect != saved else { return }
        if FloatChoice.remember(rect, in: store) { saved = rect }
    }

    /// How many rows the docked height is made for: the most of any page, and most of a row
    /// more for an accessory bar. A closure, not `\.rows.count`: a two-part key path is built
    /// at run time (swift_getKeyPath).
    package static func rows(of layout: Layout) -> Int {
        (layout.pages.map { $0.rows.count }.max() ?? 4) + (layout.options.accessory.isEmpty ? 0 : 1)
    }

    /// Whether the keyboard floats: as the settings say, else when the layout is too wide to
    /// dock well (`Layout.isWide`: pc, pc-numpad) and nothing asks for a dock.
    package static func floats(_ settings: Settings, layout: Layout) -> Bool {
        let given = settings.given
        if given.gives(.float) || given.gives(.dock) || given.gives(.monitor) || given.gives(.height) { return settings[.float] }
        return layout.isWide
    }
}
