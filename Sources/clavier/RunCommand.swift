import ArgumentParser
import ClavierCore
import ClavierRender
import ClavierSound
import ClavierX11
import Glibc

/// `clavier` (the default command): shows the keyboard and types into the focused window.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show the keyboard (the default when no command is given).")

    @OptionGroup var options: LayoutOptions

    @Option(help: ArgumentHelp("Float the keyboard at WxH+X+Y (X11 geometry) instead of docking it at the bottom.",
                               valueName: "WxH+X+Y"))
    var geometry: String?

    @Option(help: "Dock the keyboard along the bottom (default) or top of its monitor.")
    var dock: DockEdge = .bottom

    @Option(help: "The RandR monitor to dock on (see xrandr --listmonitors; default: the primary one).")
    var monitor: String?

    @Option(help: ArgumentHelp("The docked height: pixels, or a percentage of the monitor's height (default: rows of 12 mm keys).",
                               valueName: "PX|N%"))
    var height: String?

    @Flag(help: "Play no click on key presses.")
    var noSound = false

    @Option(help: "The ALSA device for the click.")
    var soundDevice = "default"

    @Option(help: "The X display to use (default: $DISPLAY).")
    var display: String?

    func validate() throws {
        if let geometry, WindowGeometry(parsing: geometry) == nil {
            throw ValidationError("--geometry '\(geometry)' is not of the form WxH+X+Y")
        }
        if let height, DockHeight(parsing: height) == nil {
            throw ValidationError("--height '\(height)' is neither pixels (300) nor a percentage (35%)")
        }
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
        let (layout, theme) = options.loadForKeyboard()
        let connection: Display
        do {
            connection = try Display(name: display)
        } catch {
            Log.error(error.description)
            throw ExitCode.failure
        }
        if let monitor, !connection.monitors().contains(where: { $0.name == monitor }) {
            Log.warning("no monitor '\(monitor)' (monitors: \(connection.monitors().map(\.name).joined(separator: ", "))); docking on the primary one")
        }
        let rows = layout.pages.map(\.rows.count).max() ?? 4
        let placement = { [geometry, dock, monitor, height] (display: Display) -> Placement in
            let screen = Size(width: display.screenSize.width, height: display.screenSize.height)
            if let geometry, let parsed = WindowGeometry(parsing: geometry) {
                return .floating(parsed.rect(on: screen))
            }
            let chosen = display.monitor(named: monitor)
            let size = Size(width: chosen.rect.width, height: chosen.rect.height)
            let pixels = (height.flatMap(DockHeight.init(parsing:)) ?? .physical)
                .pixels(monitor: size, millimetres: chosen.millimetres, rows: rows)
            return .docked(dock, monitor: chosen.rect, height: pixels)
        }
        let player = noSound ? nil : Self.openClickPlayer(device: soundDevice)
        let app = try KeyboardApp(display: connection, placement: placement, layout: layout, page: options.page,
                                  theme: theme, player: player, control: control,
                                  loadLayout: { try LayoutOptions.layout(named: $0) })
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
