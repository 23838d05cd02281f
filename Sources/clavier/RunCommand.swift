import ArgumentParser
import ClavierCore
import ClavierLayouts
import ClavierRender
import ClavierSound
import ClavierX11
import Glibc

/// `clavier` (the default command): shows the keyboard and types into the focused window.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show the keyboard (the default when no command is given).")

    // Every setting is optional here: what the command line leaves out comes from the config
    // file, and what that leaves out from the setting's default. Names and help come from the
    // table (`Settings.all`), which a test holds these options to.
    @OptionGroup var shown: LayoutArguments
    @Option(name: .setting(.geometry), help: .setting(.geometry)) var geometry: String?
    @Flag(name: .setting(.float), inversion: .prefixedNo, help: .setting(.float)) var float: Bool?
    @Option(name: .setting(.dock), help: .setting(.dock)) var dock: DockEdge?
    @Option(name: .setting(.monitor), help: .setting(.monitor)) var monitor: String?
    @Option(name: .setting(.height), help: .setting(.height)) var height: String?
    @Option(name: .setting(.scale), help: .setting(.scale)) var scale: Double?
    @Option(name: .setting(.keySize), help: .setting(.keySize)) var keySize: Double?
    @Flag(name: .setting(.sound), inversion: .prefixedNo, help: .setting(.sound)) var sound: Bool?
    @Option(name: .setting(.soundDevice), help: .setting(.soundDevice)) var soundDevice: String?
    @Flag(name: .setting(.kiosk), inversion: .prefixedNo, help: .setting(.kiosk)) var kiosk: Bool?
    @Flag(name: .setting(.learning), inversion: .prefixedNo, help: .setting(.learning)) var learning: Bool?
    @Option(name: .setting(.preview), help: .setting(.preview)) var preview: String?
    @Option(name: .setting(.dwell), help: .setting(.dwell)) var dwell: Int?
    @Option(name: .setting(.scan), help: .setting(.scan)) var scan: Int?
    @Option(name: .setting(.scanSwitch), help: .setting(.scanSwitch)) var scanSwitch: String?
    @Flag(name: .setting(.autoShow), inversion: .prefixedNo, help: .setting(.autoShow)) var autoShow: Bool?
    @Flag(name: .setting(.autoShowInKiosk), inversion: .prefixedNo, help: .setting(.autoShowInKiosk)) var autoShowInKiosk: Bool?
    @Option(name: .setting(.repeatDelay), help: .setting(.repeatDelay)) var repeatDelay: Int?
    @Option(name: .setting(.repeatInterval), help: .setting(.repeatInterval)) var repeatInterval: Int?
    @Flag(name: .setting(.keyRepeat), inversion: .prefixedNo, help: .setting(.keyRepeat)) var keyRepeat: Bool?
    @Flag(name: .setting(.showButton), inversion: .prefixedNo, help: .setting(.showButton)) var showButton: Bool?
    @Flag(name: .setting(.hideOnHardwareKeys), inversion: .prefixedNo, help: .setting(.hideOnHardwareKeys)) var hideOnHardwareKeys: Bool?
    @Option(name: .setting(.glide), help: .setting(.glide)) var glide: String?
    @Option(name: .setting(.autoCapitalize), help: .setting(.autoCapitalize)) var autoCapitalize: String?
    @Option(name: .setting(.blockOffensiveWords), help: .setting(.blockOffensiveWords)) var offensiveWords: String?

    @Option(help: ArgumentHelp("The config file (default: $XDG_CONFIG_HOME/clavier/config.yaml).", valueName: "FILE"))
    var config: String?

    @Option(help: "The X display to use (default: $DISPLAY).")
    var display: String?

    @Flag(help: ArgumentHelp(LoginScreen.help)) var xid = false

    /// The settings given on the command line, checked as the config file's are.
    func givenSettings() throws(SettingError) -> SettingsLayer {
        var given = SettingsLayer()
        try shown.read(into: &given)
        try given.read(.geometry, geometry)
        try given.read(.float, float)
        try given.read(.dock, dock?.rawValue)
        try given.read(.monitor, monitor)
        try given.read(.height, height)
        try given.read(.scale, scale)
        try given.read(.keySize, keySize)
        try given.read(.sound, sound)
        try given.read(.soundDevice, soundDevice)
        try given.read(.kiosk, kiosk)
        try given.read(.learning, learning)
        try given.read(.preview, preview)
        try given.read(.dwell, dwell)
        try given.read(.scan, scan)
        try given.read(.scanSwitch, scanSwitch)
        try given.read(.autoShow, autoShow)
        try given.read(.autoShowInKiosk, autoShowInKiosk)
        try given.read(.repeatDelay, repeatDelay)
        try given.read(.repeatInterval, repeatInterval)
        try given.read(.keyRepeat, keyRepeat)
        try given.read(.showButton, showButton)
        try given.read(.hideOnHardwareKeys, hideOnHardwareKeys)
        try given.read(.glide, glide)
        try given.read(.autoCapitalize, autoCapitalize)
        try given.read(.blockOffensiveWords, offensiveWords)
        return given
    }

    func validate() throws {
        do {
            _ = try givenSettings()
        } catch {
            throw ValidationError("--\(error)")
        }
    }

    /// The options as plain values, which `RunOptions.run` starts the keyboard with.
    func options() throws -> RunOptions {
        let given = try givenSettings()
        return RunOptions(commandLine: xid ? LoginScreen.settings(over: given) : given, config: config, display: display,
                          seed: shown.seed, xid: xid)
    }

    func run() throws { try options().run() }
}

/// `clavier run`'s options as plain values, each nil when not given. A bare `clavier` (how
/// autostart and menus start it) runs `RunOptions()` without building ArgumentParser's
/// command tree, ~2.5 ms of a start (`Clavier.main`).
struct RunOptions {
    /// The settings given on the command line; `settings()` puts them over the config file's.
    var commandLine = SettingsLayer()
    var config: String? = nil
    var display: String? = nil
    var seed: UInt64? = nil
    /// An XEmbed plug for a greeter (LoginScreen.swift): no control socket, as the session's
    /// own keyboard may run on the same display.
    var xid = false

    func run() throws {
        // One keyboard per display: a second `clavier` shows the first and leaves.
        let socketPath = ControlSocket.path(display: display)
        if !xid, ControlClient.send(.show, to: socketPath) != nil {
            Log.debug("a keyboard already runs on \(ControlSocket.displayName(display)): asked it to show")
            return
        }
        let control: ControlServer?
        do {
            control = xid ? nil : try ControlServer.listening(at: socketPath, display: display)
        } catch .alreadyRunning {
            // Another keyboard started between our question and our bind.
            _ = ControlClient.send(.show, to: socketPath)
            return
        } catch {
            Log.error(error.description)
            throw ExitCode.failure
        }
        let settings = settings()
        var (layout, theme) = LayoutLoader.loadForKeyboard(layout: settings.layoutName, theme: settings[.theme])
        layout = layout.offering(suggestions: settings[.suggestions]).speaking(settings[.languages])
        let taps = layout.options.frequentPage == nil ? nil : TapRecorder(store: .standard())
        if let taps { layout = layout.fillingFrequentPage(with: taps.counts) }
        if let page = settings[.page], layout.page(id: page) == nil {
            Log.warning("layout '\(layout.id)' has no page '\(page)' (pages: \(layout.pages.map(\.id).joined(separator: ", "))); "
                        + "showing '\(layout.defaultPage.id)'")
        }
        let connection = try Display.opened(display)
        // The user's keymap comes back on every way out (a signal ends the loop too).
        let keymapChange = KeyboardLanguages.prepare(settings[.languages],
                                                     restoresLeftover: Session.restoresLeftoverKeymap(kiosk: settings[.kiosk], languages: settings[.languages]),
                                                     on: connection, name: display)
        defer { keymapChange.map { KeyboardLanguages.restore($0, on: connection, name: display) } }
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
        let floatStore = FloatStateStore.standard()
        let floatPlace = FloatPlace()
        let floats = !xid && Self.floats(settings, layout: layout)
        if floats {
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
        let placement = { [settings] (display: Display) -> Placement in
            let screen = Size(width: display.screenSize.width, height: display.screenSize.height)
            if floats {
                let rect = floatPlace.rect ?? FloatFrame.defaultRect(monitor: display.monitor(named: settings[.monitor]).rect, scale: scale)
                return .floating(FloatFrame.clamped(rect, to: screen, scale: scale))
            }
            let chosen = display.monitor(named: settings[.monitor])
            let size = Size(width: chosen.rect.width, height: chosen.rect.height)
            let pixels = settings[.height].pixels(monitor: size, millimetres: chosen.millimetres, rows: rows,
                                                  rowPitch: settings[.keySize] ?? DockHeight.rowPitchMillimetres)
            return .docked(settings[.dock], monitor: chosen.rect, height: pixels)
        }
        var options = Session.Options()
        options.kiosk = settings[.kiosk]
        options.dwell = settings[.dwell].map { .milliseconds($0) }
        let switches = try Self.scanSwitches(settings, layout: layout)
        options.scanSwitches = switches.count
        options.scanInterval = settings[.scan].map { .milliseconds($0) }
        options.autoShow = settings[.autoShow]
        options.autoShowInKiosk = settings[.autoShowInKiosk]
        options.rules = settings.rules
        options.layoutName = settings.layoutName
        options.glide = settings[.glide]
        let suggester = Self.suggester(settings)
        options.capitalize = suggester?.capitalize ?? .never
        // The session's kiosk decisions (Session+Kiosk.swift) shape the window too.
        let kiosk = options
        var floatMoved: ((Rect) -> Void)?
        var shown: (() -> Void)?
        if floats && kiosk.movable {
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
        let host = try XHost(XHost.Parts(
            display: connection, placement: placement, theme: theme, staysOnTop: kiosk.staysOnTop, plug: xid, side: side,
            makeFrame: { [floatMoved] placed in
                guard case .floating = placed, let floatMoved else { return nil }
                return FloatingFrame(scale: scale, moved: floatMoved)
            },
            typingFilter: kiosk.typingFilter,
            loadLayout: { (name) throws(LayoutError) in 
                try LayoutLoader.layout(named: name).offering(suggestions: settings[.suggestions]).speaking(settings[.languages]) },
            keyRepeat: settings.keyRepeat(server:), preview: settings[.preview], scanSwitches: switches, dwell: options.dwell != nil,
            autoShow: kiosk.autoShowActs, suggestions: suggester != nil, languages: settings[.languages].count,
            openPlayer: { settings[.sound] ? Self.openClickPlayer(device: settings[.soundDevice]) : nil }, shown: shown))
        var hooks = KeyboardApp.Hooks()
        if let taps {
            hooks.tapped = { taps.tapped($0) }
            hooks.refreshLayout = { $0.fillingFrequentPage(with: taps.counts) }
        }
        // Glide typing's decoders, built at the first glide on a page (its words load then).
        let glides = GlideDecoders(blockOffensive: settings[.blockOffensiveWords],
                                   learned: settings[.learning] && (!settings[.kiosk] || settings.given.gives(.learning)))
        if let suggester { glides.typed = { suggester.typed($0, language: $1) } }
        hooks.glideWords = { glides.words(for: $1, on: $0) }
        let clock = ContinuousClock()
        // Labels from the live keymap are part of the first picture: only they need the injector now.
        var first = host.makeKeyboard(layout, page: settings[.page])
        var shuffleSource = LayoutLoader.shuffleSource(seed: seed)
        first.reshuffle(using: &shuffleSource)
        let app = KeyboardApp(session: Session(keyboard: first, options: options, at: clock.now), host: host, hooks: hooks,
                              shuffleSource: shuffleSource, now: { clock.now })
        app.suggester = suggester
        // A PIN pad's digits are dealt anew each time: it keeps no first picture.
        host.screen.startFirstPicture(of: app.session.keyboard, theme: theme,
                                      cache: layout.hasShuffledKeys ? nil : PictureCache.standard())
        if xid {
            host.greeter = GreeterWatch(now: clock.now)
            LoginScreen.announce(host.screen.window.id)
        }
        app.run(on: host, control: control)
    }

    /// Whether the keyboard floats: as the settings say, else when the layout is too wide to
    /// dock well (`Layout.isWide`: pc, pc-numpad) and nothing asks for a dock.
    static func floats(_ settings: Settings, layout: Layout) -> Bool {
        let given = settings.given
        if given.gives(.float) || given.gives(.dock) || given.gives(.monitor) || given.gives(.height) { return settings[.float] }
        return layout.isWide
    }

    /// The click player, or nil with one warning when there is no sound to be had.
    static func openClickPlayer(device: String) -> ClickPlayer? {
        guard let path = DataFiles.find("sounds/click.wav") else {
            Log.warning("no sounds/click.wav in \(DataFiles.candidates.joined(separator: ", ")); keys will not click")
            return nil
        }
        do {
            return try ClickPlayer(sound: try PCMSound.loadWAV(path: path), device: device)
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
