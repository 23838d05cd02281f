import ArgumentParser
import ClavierCore
import ClavierLayouts
import Foundation
import ClavierRender
import ClavierSound
import ClavierX11
import Glibc

/// `clavier` (the default command): shows the keyboard and types into the focused window.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show the keyboard (the default when no command is given).")

    // Every option is optional here: what the command line leaves out comes from the config
    // file, and what that leaves out from `Settings`' defaults.
    @Option(help: "The layout to show: a name (see clavier layouts) or a YAML file (default: us).", completion: .layoutName)
    var layout: String?

    @Option(help: "The page to show first (us: letters, numbers, symbols).")
    var page: String?

    @Option(help: "The look: a name (system, dark, high-contrast; see clavier layouts) or a YAML file (default: system).", completion: .themeName)
    var theme: String?

    @Option(help: ArgumentHelp("Float the keyboard at WxH+X+Y (X11 geometry) instead of docking it, and remember that place.",
                               valueName: "WxH+X+Y"))
    var geometry: String?

    @Flag(inversion: .prefixedNo,
          help: "Float the keyboard where it was last (drag it by its handle, resize it from its corner) instead of docking it.")
    var float: Bool?

    @Option(help: "Dock the keyboard along the bottom (default) or top of its monitor.")
    var dock: DockEdge?

    @Option(help: "The RandR monitor to dock on (see xrandr --listmonitors; default: the primary one).")
    var monitor: String?

    @Option(help: ArgumentHelp("The docked height: pixels, or a percentage of the monitor's height (default: rows 16 mm apart).",
                               valueName: "PX|N%"))
    var height: String?

    @Option(help: ArgumentHelp("Draw the floating keyboard's handle and grip this many times their 96 dpi size (default: from Xft.dpi, else the monitor's size).",
                               valueName: "FACTOR"))
    var scale: Double?

    @Flag(inversion: .prefixedNo, help: "Click on key presses (default), or not.")
    var sound: Bool?

    @Option(help: "The ALSA device for the click (default: default).")
    var soundDevice: String?

    @Flag(inversion: .prefixedNo,
          help: "Kiosk mode: the keyboard cannot be quit, hidden or moved, and types no combination that leaves a kiosk.")
    var kiosk: Bool?

    @Flag(inversion: .prefixedNo,
          help: "Remember the completions you take to offer them first (default), or keep nothing.")
    var learning: Bool?

    @Option(help: ArgumentHelp("The config file (default: $XDG_CONFIG_HOME/clavier/config.yaml).", valueName: "FILE"))
    var config: String?

    @Option(help: "The X display to use (default: $DISPLAY).")
    var display: String?

    @Option(help: "Shuffle a PIN pad from this seed, not the system's secure random source (for tests; never for real PINs).")
    var seed: UInt64?

    func validate() throws {
        if let geometry, WindowGeometry(parsing: geometry) == nil {
            throw ValidationError("--geometry '\(geometry)' is not of the form WxH+X+Y")
        }
        if let scale, !DisplayScale.range.contains(scale) {
            throw ValidationError("--scale \(scale) is not between \(DisplayScale.range.lowerBound) and \(DisplayScale.range.upperBound)")
        }
        if let height, DockHeight(parsing: height) == nil {
            throw ValidationError("--height '\(height)' is neither pixels (300) nor a percentage (35%)")
        }
    }

    /// The options as plain values, which `RunOptions.run` starts the keyboard with.
    var options: RunOptions {
        RunOptions(layout: layout, page: page, theme: theme, geometry: geometry, float: float, dock: dock, monitor: monitor,
                   height: height, scale: scale, sound: sound, soundDevice: soundDevice, kiosk: kiosk, learning: learning,
                   config: config, display: display, seed: seed)
    }

    func run() throws { try options.run() }
}

/// `clavier run`'s options as plain values, each nil when not given. A bare `clavier` (how
/// autostart and menus start it) runs `RunOptions()` without building ArgumentParser's
/// command tree, ~2.5 ms of a start (`Clavier.main`).
struct RunOptions {
    var layout: String? = nil
    var page: String? = nil
    var theme: String? = nil
    var geometry: String? = nil
    var float: Bool? = nil
    var dock: DockEdge? = nil
    var monitor: String? = nil
    var height: String? = nil
    var scale: Double? = nil
    var sound: Bool? = nil
    var soundDevice: String? = nil
    var kiosk: Bool? = nil
    var learning: Bool? = nil
    var config: String? = nil
    var display: String? = nil
    var seed: UInt64? = nil

    /// The config file, or an empty one when there is none or it is broken (then every
    /// problem is printed, and the keyboard starts with the defaults all the same).
    func loadConfig() -> Config {
        guard let path = config ?? ConfigFile.defaultPath() else { return Config() }
        do {
            if config != nil && !PlainFiles.exists(path) {
                Log.warning("no config file \(path); using the defaults")
            }
            return try ConfigFile.load(path: path) ?? Config()
        } catch {
            Log.error("\(error)")
            Log.warning("ignoring the broken config file \(path) and starting with the defaults (clavier check \(path))")
            return Config()
        }
    }

    /// The command line over the config file over the defaults.
    func settings() -> Settings {
        let file = loadConfig()
        var s = Settings()
        s.layout = layout ?? file.layout ?? s.layout
        s.page = page ?? file.page
        s.theme = theme ?? file.theme ?? s.theme
        // A dock option on the command line beats a geometry from the file.
        let dockAsked = dock != nil || monitor != nil || height != nil
        s.geometry = geometry ?? (dockAsked ? nil : file.geometry)
        s.float = float ?? (dockAsked ? nil : file.float) ?? s.float
        if s.geometry != nil { s.float = true }
        s.dock = dock ?? file.dock ?? s.dock
        s.monitor = monitor ?? file.monitor
        s.height = height.flatMap(DockHeight.init(parsing:)) ?? file.height ?? s.height
        s.sound = sound ?? file.sound ?? s.sound
        s.soundDevice = soundDevice ?? file.soundDevice ?? s.soundDevice
        s.kiosk = kiosk ?? file.kiosk ?? s.kiosk
        s.learning = learning ?? file.learning ?? s.learning
        s.scale = scale ?? file.scale
        s.rules = file.rules
        return s
    }

    func run() throws {
        // One keyboard per display: a second `clavier` shows the first and leaves.
        let socketPath = ControlSocket.path(display: display)
        if ControlClient.send("show", to: socketPath) != nil {
            Log.debug("a keyboard already runs on \(ControlSocket.displayName(display)): asked it to show")
            return
        }
        let control: ControlServer
        do {
            control = try ControlServer(path: socketPath)
        } catch .alreadyRunning {
            // Another keyboard started between our question and our bind.
            _ = ControlClient.send("show", to: socketPath)
            return
        } catch {
            Log.error(error.description)
            throw ExitCode.failure
        }
        let settings = settings()
        var (layout, theme) = LayoutOptions.loadForKeyboard(layout: settings.layout, theme: settings.theme)
        let taps = layout.options.frequentPage == nil ? nil : TapRecorder(store: .standard())
        if let taps { layout = layout.fillingFrequentPage(with: taps.counts) }
        if let page = settings.page, layout.page(id: page) == nil {
            Log.warning("layout '\(layout.id)' has no page '\(page)' (pages: \(layout.pages.map(\.id).joined(separator: ", "))); "
                        + "showing '\(layout.defaultPage.id)'")
        }
        let connection: Display
        do {
            connection = try Display(name: display)
        } catch {
            Log.error(error.description)
            throw ExitCode.failure
        }
        if let monitor = settings.monitor, !connection.monitors().contains(where: { $0.name == monitor }) {
            Log.warning("no monitor '\(monitor)' (monitors: \(connection.monitors().map(\.name).joined(separator: ", "))); docking on the primary one")
        }
        // An accessory bar is most of a row more to fit.
        // A closure, not `\.rows.count`: a two-part key path is built at run time (swift_getKeyPath).
        let rows = (layout.pages.map { $0.rows.count }.max() ?? 4) + (layout.options.accessory.isEmpty ? 0 : 1)
        let chosenMonitor = connection.monitor(named: settings.monitor)
        let scale = DisplayScale.detect(override: settings.scale, xftDPI: connection.xftDPI,
                                        monitor: Size(width: chosenMonitor.rect.width, height: chosenMonitor.rect.height),
                                        millimetres: chosenMonitor.millimetres)
        Log.debug("scale \(scale.factor)")
        let floatStore = FloatStateStore.standard()
        let floatPlace = FloatPlace()
        if settings.float {
            let screen = Size(width: connection.screenSize.width, height: connection.screenSize.height)
            if let geometry = settings.geometry.flatMap(WindowGeometry.init(parsing:)) {
                floatPlace.rect = geometry.rect(on: screen)
            } else {
                let (remembered, warning) = floatStore.load()
                if let warning { Log.warning(warning) }
                floatPlace.rect = remembered
            }
        }
        let placement = { [settings] (display: Display) -> Placement in
            let screen = Size(width: display.screenSize.width, height: display.screenSize.height)
            if settings.float {
                let rect = floatPlace.rect ?? FloatFrame.defaultRect(monitor: display.monitor(named: settings.monitor).rect, scale: scale)
                return .floating(FloatFrame.clamped(rect, to: screen, scale: scale))
            }
            let chosen = display.monitor(named: settings.monitor)
            let size = Size(width: chosen.rect.width, height: chosen.rect.height)
            let pixels = settings.height.pixels(monitor: size, millimetres: chosen.millimetres, rows: rows)
            return .docked(settings.dock, monitor: chosen.rect, height: pixels)
        }
        var hooks = KeyboardApp.Hooks()
        if settings.float && !settings.kiosk {
            hooks.floatMoved = { rect in
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
            if settings.geometry != nil {
                let rect = placement(connection).rect
                hooks.shown = { [floatMoved = hooks.floatMoved] in floatMoved?(rect) }
            }
        }
        if let taps {
            hooks.tapped = { taps.tapped($0) }
            hooks.refreshLayout = { $0.fillingFrequentPage(with: taps.counts) }
        }
        // Asked only while a layout with completions is shown; the word list loads then.
        let words = WordLearner(store: settings.learning ? .standard() : nil)
        hooks.complete = { words.completions(of: $0) }
        hooks.accepted = { words.accept($0) }
        let app = try KeyboardApp(KeyboardApp.Parts(
            display: connection, placement: placement, layout: layout, layoutName: settings.layout, page: settings.page,
            theme: theme, scale: scale, kiosk: settings.kiosk, rules: settings.rules, control: control,
            pictures: PictureCache.standard(), loadLayout: { try LayoutOptions.layout(named: $0) },
            openPlayer: { settings.sound ? Self.openClickPlayer(device: settings.soundDevice) : nil },
            shuffleSource: LayoutOptions.shuffleSource(seed: seed), hooks: hooks))
        app.run()
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

/// What the keyboard runs with once the command line and the config file are merged; the
/// defaults live here, and only here.
struct Settings {
    var layout = "us"
    var page: String?
    var theme = "system"
    var geometry: String?
    /// Float instead of docking: at `geometry`, else where the user last left the keyboard.
    var float = false
    var dock = DockEdge.bottom
    var monitor: String?
    var height = DockHeight.physical
    var sound = true
    var soundDevice = "default"
    var kiosk = false
    var learning = true
    /// The HiDPI factor; nil: from Xft.dpi or the monitor (`DisplayScale.detect`).
    var scale: Double?
    var rules: [WindowRule] = []
}

/// Where the floating keyboard is to be, shared by the placement closure (asked again when
/// the screen changes) and the code that remembers the user's moves.
final class FloatPlace {
    var rect: Rect?
    /// The last rectangle written to the state file, so an unmoved keyboard writes nothing.
    var saved: Rect?
}
