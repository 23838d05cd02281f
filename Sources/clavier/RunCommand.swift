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

    @OptionGroup var options: LayoutOptions

    @Option(help: ArgumentHelp("Float the keyboard at WxH+X+Y (X11 geometry) instead of docking it at the bottom.",
                               valueName: "WxH+X+Y"))
    var geometry: String?

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
    }

    func run() throws {
        var (layout, theme) = options.loadForKeyboard()
        let taps = layout.options.frequentPage == nil ? nil : TapRecorder(store: .standard())
        if let taps { layout = layout.fillingFrequentPage(with: taps.counts) }
        if let page = options.page, layout.page(id: page) == nil {
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
        let screen = Size(width: connection.screenSize.width, height: connection.screenSize.height)
        let placement: Placement
        if let geometry, let parsed = WindowGeometry(parsing: geometry) {
            placement = .floating(parsed.rect(on: screen))
        } else {
            placement = .dockedBottom(height: Size.dockedHeight(screen: screen))
        }
        let player = noSound ? nil : Self.openClickPlayer(device: soundDevice)
        let app = try KeyboardApp(display: connection, placement: placement, layout: layout, page: options.page,
                                  theme: theme, player: player, shuffleSource: options.shuffleSource())
        if let taps {
            app.onPress = { taps.tapped($0) }
            app.refreshLayout = { $0.fillingFrequentPage(with: taps.counts) }
        }
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
