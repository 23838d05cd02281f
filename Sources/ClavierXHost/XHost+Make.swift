import ClavierApp
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
    package func keyboardHost(words: HostWords, typist other: (any HostTypist)? = nil) -> KeyboardHost {
        // The words follow the keymap part's language (`HostKeymap.layoutNames`).
        words.keymapLayouts = { [weak self] in self?.layoutNames }
        return KeyboardHost(self, typist: other ?? typist, words: words, keymap: self, focus: self, loadLayout: load,
                            keyRepeat: keyRepeat)
    }

    package static func make(_ settings: Settings, options: Session.Options, layout: Layout, theme: Theme, connection: Display,
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
        let floatPlace = FloatPlace(scale: scale, rows: FloatPlace.rows(of: layout))
        floatPlace.floating = !xid && FloatPlace.floats(settings, layout: layout)
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
            loadLayout: { (name) throws(LayoutError) in try live.layout(named: name) },
            keyRepeat: { live.current.keyRepeat(server: $0) }, preview: settings[.preview], scanSwitches: switches, dwell: options.dwell != nil,
            autoShow: kiosk.autoShowActs, suggester: suggester,
            keymap: keymap,
            openClick: { Click.openPlayer(device: settings[.soundDevice], volume: live.current[.volume]) },
            shown: shown, live: live))
    }
}

/// Where the keyboard floats on X: the X screen and its monitors (RandR).
extension FloatPlace {
    /// Chooses where the keyboard floats on `display` as it starts floating or is turned to
    /// float (`FloatChoice.rect`; nil: the default place).
    func choose(_ settings: Settings, layout: Layout, display: Display) {
        let monitor = display.monitor(named: settings[.monitor])
        choose(settings, layout: layout, screen: Size(width: display.screenSize.width, height: display.screenSize.height),
               monitor: FloatChoice.Monitor(rect: monitor.rect, millimetres: monitor.millimetres), scale: scale)
    }

    /// Where the window goes under `settings`: floating at its place, clamped to the screen,
    /// else docked across its monitor, as tall as the rows at the key size.
    func placement(_ settings: Settings, display: Display) -> Placement {
        let chosen = display.monitor(named: settings[.monitor])
        if floating {
            return .floating(floatingRect(monitor: chosen.rect,
                                          screen: Size(width: display.screenSize.width, height: display.screenSize.height)))
        }
        let size = Size(width: chosen.rect.width, height: chosen.rect.height)
        let pixels = settings[.height].pixels(monitor: size, millimetres: chosen.millimetres, rows: rows,
                                              rowPitch: settings[.keySize] ?? DockHeight.rowPitchMillimetres)
        return .docked(settings[.dock], monitor: chosen.rect, height: pixels)
    }
}
