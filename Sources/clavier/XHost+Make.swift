import ClavierCore
import ClavierLayouts
import ClavierSound
import ClavierX11

/// The X host as the settings make it: where the window goes (docked or floating, and where
/// a floating one was last), the session's kiosk decisions it carries out (on top, no frame,
/// the typing filter), the side connection, the click, and the words' parts.
extension XHost {
    static func make(_ settings: Settings, options: Session.Options, layout: Layout, theme: Theme, connection: Display,
                     display: String?, plug xid: Bool, switches: [SwitchGrab.Switch], suggester: Suggester?,
                     taps: TapRecorder?) throws -> XHost {
        if let monitor = settings[.monitor], !connection.monitors().contains(where: { $0.name == monitor }) {
            Log.warning("no monitor '\(monitor)' (monitors: \(connection.monitors().map(\.name).joined(separator: ", "))); docking on the primary one")
        }
        // An accessory bar is most of a row more to fit.
        // A closure, not `\.rows.count`: a two-part key path is built at run time (swift_getKeyPath).
        let rows = (layout.pages.map { $0.rows.count }.max() ?? 4) + (layout.options.accessory.isEmpty ? 0 : 1)
        let chosenMonitor = connection.monitor(named: settings[.monitor])
        let scale = DisplayScale.detect(override: settings[.scale], xftDPI: connection.xftDPI,
                                        monitor: Size(width: chosenMonitor.rect.width, height: chosenMonitor.rect.height),
                                        millimetres: chosenMonitor.millimetres)
        Log.debug("scale \(scale.factor)")
        let live = LiveSettings(settings)
        let floatStore = FloatStateStore.standard()
        let floatPlace = FloatPlace()
        let floating = !xid && Self.floats(settings, layout: layout)
        if floating {
            let screen = Size(width: connection.screenSize.width, height: connection.screenSize.height)
            if let geometry = settings[.geometry].flatMap(WindowGeometry.init(parsing:)) {
                floatPlace.rect = geometry.rect(on: screen)
            } else {
                let (remembered, warning) = floatStore.load()
                if let warning { Log.warning(warning) }
                floatPlace.rect = remembered
                // A key size asked for, or a wide layout's first showing, sizes the window by its keys.
                if settings[.keySize] != nil || (remembered == nil && layout.isWide) {
                    let sized = KeySize.floatingRect(
                        pitch: settings[.keySize] ?? KeySize.defaultMillimetres, units: layout.widestUnits,
                        rows: Double(rows), monitor: chosenMonitor.rect, millimetres: chosenMonitor.millimetres, scale: scale)
                    if let sized {
                        floatPlace.rect = remembered.map { Rect(x: $0.x, y: $0.y, width: sized.width, height: sized.height) } ?? sized
                    } else if settings[.keySize] != nil {
                        Log.warning("the monitor's physical size is unknown: --key-size is ignored")
                    }
                }
            }
        }
        let placement = { (display: Display) -> Placement in
            let settings = live.current
            let screen = Size(width: display.screenSize.width, height: display.screenSize.height)
            if floating {
                let rect = floatPlace.rect ?? FloatFrame.defaultRect(monitor: display.monitor(named: settings[.monitor]).rect, scale: scale)
                return .floating(FloatFrame.clamped(rect, to: screen, scale: scale))
            }
            let chosen = display.monitor(named: settings[.monitor])
            let size = Size(width: chosen.rect.width, height: chosen.rect.height)
            let pixels = settings[.height].pixels(monitor: size, millimetres: chosen.millimetres, rows: rows,
                                                  rowPitch: settings[.keySize] ?? DockHeight.rowPitchMillimetres)
            return .docked(settings[.dock], monitor: chosen.rect, height: pixels)
        }
        // The session's kiosk decisions (Session+Kiosk.swift) shape the window too.
        let kiosk = options
        var floatMoved: ((Rect) -> Void)?
        var shown: (() -> Void)?
        if floating && kiosk.movable {
            floatMoved = { rect in
                guard rect != floatPlace.saved else { return }
                floatPlace.rect = rect
                do {
                    try floatStore.save(rect)
                    floatPlace.saved = rect
                } catch {
                    Log.warning("cannot remember the keyboard's place in \(floatStore.path): \(error)")
                }
            }
            // An explicit --geometry is remembered at once, as if the user had dragged it there:
            // once the keyboard is up, as the file is synced (~1.3 ms on the way otherwise).
            if settings[.geometry] != nil {
                let rect = placement(connection).rect
                shown = { floatMoved?(rect) }
            }
        }
        // The show button, tray icon and hardware key watch (SideConnection.swift), once the
        // keyboard is up: they open a connection of their own. A greeter's plug has none.
        let side = xid ? nil : SideConnection(settings, display: connection, name: display, theme: theme, scale: scale)
        if let side { shown = { [shown] in shown?(); side.start() } }
        // The keymap's language, and the making of its predictor, wait until the keyboard is up too.
        if let suggester { shown = { [shown] in shown?(); suggester.languageDue = true } }
        return try XHost(XHost.Parts(
            display: connection, placement: placement, theme: theme, staysOnTop: kiosk.staysOnTop, plug: xid, side: side,
            makeFrame: { [floatMoved] placed in
                guard case .floating = placed, let floatMoved else { return nil }
                return FloatingFrame(scale: scale, moved: floatMoved)
            },
            typingFilter: kiosk.typingFilter,
            loadLayout: { (name) throws(LayoutError) in
                try LayoutLoader.layout(named: name).offering(suggestions: live.current[.suggestions]).speaking(settings[.languages]) },
            keyRepeat: { live.current.keyRepeat(server: $0) }, preview: settings[.preview], scanSwitches: switches, dwell: options.dwell != nil,
            autoShow: kiosk.autoShowActs, suggester: suggester, taps: taps, glides: glideDecoders(settings, suggester: suggester),
            languages: settings[.languages].count,
            openClick: { openClickPlayer(device: settings[.soundDevice], volume: live.current[.volume]) },
            shown: shown, live: live))
    }

    /// Glide typing's decoders, built at the first glide on a page (its words load then): an
    /// offensive word is glided once the user typed it, which the keyboard's predictors know.
    static func glideDecoders(_ settings: Settings, suggester: Suggester?) -> GlideDecoders {
        let glides = GlideDecoders(blockOffensive: settings[.blockOffensiveWords], learned: settings.learnsWords)
        if let suggester { glides.typed = { suggester.typed($0, language: $1) } }
        return glides
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


/// Where the floating keyboard is to be, shared by the placement closure (asked again when
/// the screen changes) and the code that remembers the user's moves.
final class FloatPlace {
    var rect: Rect?
    /// The last rectangle written to the state file, so an unmoved keyboard writes nothing.
    var saved: Rect?
}
