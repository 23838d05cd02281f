import ClavierApp
import ClavierCore
import ClavierLayouts
import ClavierWayland
import Glibc

/// The Wayland host as the settings make it: which compositor (`--backend`), where the
/// surface goes (docked with its height reserved, or floating), the kiosk's typing filter,
/// the click; and the app's host of its parts.
package enum WaylandStart {
    /// The compositor to run on, or nil to run on X11 (said in one line when Wayland was there).
    /// Throws when `--backend wayland` asks for a compositor that cannot have the keyboard.
    package static func connect(_ settings: Settings, plug: Bool) throws(WaylandError) -> WaylandConnection? {
        let backend = settings[.backend]
        guard backend != .x11, backend != .gnome else { return nil }
        let named = getenv("WAYLAND_DISPLAY").flatMap { $0.pointee == 0 ? nil : String(cString: $0) }
        let insists = backend == .wayland || backend == .kwin
        guard insists || named != nil || getenv("WAYLAND_SOCKET") != nil else { return nil }
        if plug {
            guard !insists else { throw WaylandError("--xid plugs into an X greeter's window: it runs on X11 only") }
            return nil
        }
        let connection: WaylandConnection
        do {
            connection = try WaylandConnection()
        } catch {
            if insists { throw error }
            Log.warning("\(error): running on X11")
            return nil
        }
        // KWin's input method (issue 49): KWin gives input-method-v1 to the process it started as
        // one; started by hand, fake input when Clavier's .desktop file grants it (KWinTypist).
        let kwin = connection.isKWinInputMethod || connection.hasKWinFakeInput
        if backend == .kwin && !kwin {
            throw WaylandError("--backend kwin: this compositor gave neither input-method-v1 nor fake input: Clavier is not KWin's input method here (kwin_wayland --inputmethod, or System Settings → Virtual Keyboard), and no installed .desktop file grants /usr/bin/clavier org_kde_kwin_fake_input")
        }
        var missing: [String] = []
        if !connection.hasLayerShell { missing.append("layer-shell") }
        if !connection.hasVirtualKeyboard && !connection.hasInputMethod && !kwin { missing.append("virtual-keyboard or input-method-v2") }
        guard missing.isEmpty else {
            let why = "the Wayland compositor offers no \(missing.joined(separator: " and ")) (GNOME's does not; on KDE Plasma choose Clavier as the virtual keyboard)"
            if insists { throw WaylandError(why) }
            // GNOME: X11, typing into native windows through mutter (GnomeTyping says so in one line).
            if Desktop.isGnome { Log.debug("\(why): running on X11") } else {
                Log.warning("\(why): running on X11, where only XWayland windows can be typed into")
            }
            return nil
        }
        if kwin { return connection }
        if !connection.hasInputMethod { Log.debug("no input-method-v2: typing through the virtual keyboard only, no field is followed") }
        return connection
    }

    package static func host(_ settings: Settings, options: Session.Options, layout: Layout, theme: Theme, connection: WaylandConnection,
                     suggester: Suggester?) throws -> WaylandHost {
        let rows = FloatPlace.rows(of: layout)
        let live = LiveSettings(settings)
        let floats = FloatPlace(scale: DisplayScale(factor: 1), rows: rows)
        floats.floating = FloatPlace.floats(settings, layout: layout)
        let frame = floats.floating ? chooseFloat(settings, layout: layout, for: floats, movable: options.movable, connection: connection) : nil
        // A kiosk's keyboard stays above a fullscreen application (Session+Kiosk.swift).
        let layer = options.surfaceLayer
        let placement = { (connection: WaylandConnection) -> (output: String?, place: WaylandPlacement) in
            let settings = live.current
            let name = settings[.monitor]
            guard let output = connection.output(named: name) else { return (name, .docked(settings[.dock], height: 300, layer: layer)) }
            if let name, output.name != name {
                Log.warning("no output '\(name)': docking on \(output.name.isEmpty ? "the first" : output.name)")
            }
            if floats.floating, let rect = floats.rect { return (output.name, .floating(rect)) }
            let height = settings[.height].pixels(monitor: output.size, millimetres: output.millimetres, rows: rows,
                                                  rowPitch: settings[.keySize] ?? DockHeight.rowPitchMillimetres)
            return (output.name, .docked(settings[.dock], height: height, layer: layer))
        }
        var shown: (() -> Void)?
        if let suggester { shown = { suggester.languageDue = true } }
        return try WaylandHost(WaylandHost.Parts(
            connection: connection, placement: placement, theme: theme, typingFilter: options.typingFilter,
            loadLayout: { (name) throws(LayoutError) in try live.layout(named: name) },
            keyRepeat: { live.current.keyRepeat(server: $0) }, suggester: suggester,
            openClick: { Click.openPlayer(device: settings[.soundDevice], volume: live.current[.volume]) },
            shown: shown, live: live, showsButton: settings.showsButton, floats: floats, frame: frame,
            movable: options.movable))
    }

    /// Where a floating keyboard goes on its output, as it starts floating or the settings page
    /// floats it (`FloatChoice.rect`, else the bottom middle of the output); its frame, which
    /// moves and resizes it, unless `movable` is false (kiosk mode: nil). Nothing without an
    /// output (it docks).
    static func chooseFloat(_ settings: Settings, layout: Layout, for floats: FloatPlace, movable: Bool,
                            connection: WaylandConnection) -> WaylandFloat? {
        guard let output = connection.output(named: settings[.monitor]) else { return nil }
        let scale = DisplayScale.detect(override: settings[.scale], xftDPI: nil, monitor: output.size, millimetres: output.millimetres)
        let screen = Rect(x: 0, y: 0, width: output.size.width, height: output.size.height)
        floats.choose(settings, layout: layout, screen: output.size, monitor: FloatChoice.Monitor(rect: screen, millimetres: output.millimetres),
                      scale: scale)
        let rect = floats.floatingRect(monitor: screen, screen: output.size)
        floats.rect = rect
        guard movable else { return nil }
        return WaylandFloat(rect: rect, scale: output.scale, moved: floats.moved(to:))
    }
}

extension WaylandHost {
    /// The app's host on this compositor: its loop, surface and settings, `words`, and
    /// `typist` (nil: input-method-v2 and the virtual keyboard's, `WaylandTypist`); no keymap
    /// part (keys are labelled from XKB's default keymap, the one the virtual keyboard writes)
    /// and no focus part. Another way to type on Wayland is another `typist` here.
    package func keyboardHost(words: HostWords, typist other: (any HostTypist)? = nil) -> KeyboardHost {
        var host = KeyboardHost(self, typist: other ?? typist, words: words, loadLayout: load, keyRepeat: keyRepeat)
        // The keys XKB names are labelled from the keymap the virtual keyboard writes.
        host.defaultKeys = { DefaultKeymap.liveKeys(named: $0) }
        return host
    }
}
