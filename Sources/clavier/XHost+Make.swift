import ClavierCore
import ClavierLayouts
import ClavierSound
import ClavierX11

/// The X host as the settings make it: where the window goes (docked or floating, and where
/// a floating one was last), the session's kiosk decisions it carries out (on top, no frame,
/// the typing filter), the side connection, the click; and the app's host of its parts.
extension XHost {
    /// The app's host on this X window: its loop, screen and settings, its keymap and focus,
    /// `words`, and `typist` (nil: XTest's, `Typist`). Another way to type into the X window
    /// is another `typist` here.
    func keyboardHost(words: HostWords, typist other: (any HostTypist)? = nil) -> KeyboardHost {
        // The words follow the keymap part's language (`HostKeymap.layoutNames`).
        words.keymapLayouts = { [weak self] in self?.layoutNames }
        return KeyboardHost(self, typist: other ?? typist, words: words, keymap: self, focus: self, loadLayout: load,
                            keyRepeat: keyRepeat)
    }

    static func make(_ settings: Settings, options: Session.Options, layout: Layout, theme: Theme, connection: Display,
                     display: String?, plug xid: Bool, switches: [SwitchGrab.Switch], suggester: Suggester?,
                     keymap: KeymapGroups) throws -> XHost {
        if let monitor = settings[.monitor], !connection.monitors().contains(where: { $0.name == monitor }) {
            Log.warning("no monitor '\(monitor)' (monitors: \(connection.monitors().map(\.name).joined(separator: ", "))); docking on the primary one")
        }
        let chosenMonitor = connection.monitor(named: settings[.monitor])
        let scale = DisplayScale.detect(override: settings[.scale], xftDPI: connection.xftDPI,
                                        monitor: Size(width: chosenMonitor.rect.width, height: chosenMonitor.rect.height),
                                        millimetres: chosenMonitor.millimetres)
        Log.debug("scale \(scale.factor)")
        let live = LiveSettings(settings)
        let floatPlace = FloatPlace(scale: scale, rows: rows(of: layout))
        floatPlace.floating = !xid && Self.floats(settings, layout: layout)
        if floatPlace.floating { floatPlace.choose(settings, layout: layout, display: connection) }
        let placement = { (display: Display) -> Placement in floatPlace.placement(live.current, display: display) }
        // The session's kiosk decisions (Session+Kiosk.swift) shape the window too.
        let kiosk = options
        var shown: (() -> Void)?
        // An explicit --geometry is remembered at once, as if the user had dragged it there:
        // once the keyboard is up, as the file is synced (~1.3 ms on the way otherwise).
        if floatPlace.floating && kiosk.movable && settings[.geometry] != nil {
            let rect = placement(connection).rect
            shown = { floatPlace.moved(to: rect) }
        }
        // The show button, tray icon and hardware key watch (SideConnection.swift), once the
        // keyboard is up: they open a connection of their own, when any is asked for (now or
        // by the settings page later). A greeter's plug has none.
        let side = xid ? nil : SideConnection(settings, display: connection, name: display, theme: theme, scale: scale)
        if let side { shown = { [shown] in shown?(); side.start() } }
        // The keymap's language, and the making of its predictor, wait until the keyboard is up too.
        if let suggester { shown = { [shown] in shown?(); suggester.languageDue = true } }
        return try XHost(XHost.Parts(
            display: connection, placement: placement, float: floatPlace, theme: theme, staysOnTop: kiosk.staysOnTop, plug: xid,
            side: side,
            makeFrame: { placed in
                // A kiosk's floating keyboard cannot be moved: no frame.
                guard case .floating = placed, kiosk.movable, !xid else { return nil }
                return FloatingFrame(scale: scale, moved: floatPlace.moved(to:))
            },
            typingFilter: kiosk.typingFilter,
            // The bar's slots and the globe as the settings page has them now.
            loadLayout: { (name) throws(LayoutError) in
                try LayoutLoader.layout(named: name).offering(suggestions: live.current[.suggestions]).speaking(live.current[.languages]) },
            keyRepeat: { live.current.keyRepeat(server: $0) }, preview: settings[.preview], scanSwitches: switches, dwell: options.dwell != nil,
            autoShow: kiosk.autoShowActs, suggester: suggester,
            keymap: keymap,
            openClick: { openClickPlayer(device: settings[.soundDevice], volume: live.current[.volume]) },
            shown: shown, live: live))
    }

    /// How many rows the docked height is made for: the most of any page, and most of a row
    /// more for an accessory bar. A closure, not `\.rows.count`: a two-part key path is built
    /// at run time (swift_getKeyPath).
    static func rows(of layout: Layout) -> Int {
        (layout.pages.map { $0.rows.count }.max() ?? 4) + (layout.options.accessory.isEmpty ? 0 : 1)
    }

    /// Whether the keyboard floats: as the settings say, else when the layout is too wide to
    /// dock well (`Layout.isWide`: pc, pc-numpad) and nothing asks for a dock.
    static func floats(_ settings: Settings, layout: Layout) -> Bool {
        let given = settings.given
        if given.gives(.float) || given.gives(.dock) || given.gives(.monitor) || given.gives(.height) { return settings[.float] }
        return layout.isWide
    }

    /// The click player, or nil with one warning when there is no sound to be had.
    static func openClickPlayer(device: String, volume: Int = 100) -> ClickPlayer? {
        guard let path = DataFiles.find("sounds/click.wav") else {
            Log.warning("no sounds/click.wav in \(DataFiles.candidates.joined(separator: ", ")); keys will not click")
            return nil
        }
        do {
            return try ClickPlayer(sound: try PCMSound.loadWAV(path: path).scaled(percent: volume), device: device)
        } catch {
            Log.warning("\(error); keys will not click")
            return nil
        }
    }
}

