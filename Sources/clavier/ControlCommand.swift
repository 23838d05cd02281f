import ArgumentParser
import ClavierApp
import ClavierCore
import ClavierLayouts
import ClavierJSON
import Glibc

/// The option every command that talks to the running keyboard shares.
struct ControlOptions: ParsableArguments {
    @Option(help: "The X display whose keyboard to ask (default: $DISPLAY).")
    var display: String?

    /// Sends `request` to the running keyboard and prints its answer; exits 0 when it did
    /// it, 1 when no keyboard runs, 2 when it refused (kiosk mode) or failed.
    @discardableResult
    func ask(_ request: ControlRequest) throws -> KeyboardStatus? {
        let path = ControlSocket.path(display: display)
        guard let reply = ControlClient.send(request, to: path) else {
            Log.error("no keyboard is running on display \(ControlSocket.displayName(display))")
            throw ExitCode(1)
        }
        switch reply {
        case .ok(let status):
            return status
        case .refused(let message):
            Log.error("refused: \(message)")
            throw ExitCode(2)
        case .failed(let message):
            Log.error(message)
            throw ExitCode(2)
        }
    }
}

/// `clavier show`: shows the running keyboard.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the running keyboard.")
    @OptionGroup var control: ControlOptions
    func run() throws { try control.ask(.show) }
}

/// `clavier hide`: hides the running keyboard.
struct HideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hide", abstract: "Hide the running keyboard.")
    @OptionGroup var control: ControlOptions
    func run() throws { try control.ask(.hide) }
}

/// `clavier toggle`: shows the running keyboard if hidden, else hides it.
struct ToggleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "toggle",
                                                    abstract: "Show the running keyboard if it is hidden, else hide it.")
    @OptionGroup var control: ControlOptions
    func run() throws { try control.ask(.toggle) }
}

/// `clavier layout NAME`: switches the running keyboard to another layout.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layout",
                                                    abstract: "Switch the running keyboard to a layout (a name or a YAML file).")
    @Argument(help: "A layout name (see clavier layouts) or a YAML file.", completion: .layoutName)
    var name: String
    @OptionGroup var control: ControlOptions
    func run() throws {
        // The keyboard may run in another directory: a relative file name is made absolute here.
        var name = self.name
        if name.contains("/") && !name.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            name = String(cString: cwd) + "/" + name
            free(cwd)
        }
        // A file is checked here, with this process's own rights, and its problems printed
        // here: the keyboard switches only to a layout that loads, and never sends a file's
        // text back.
        if name.contains("/") {
            let result = FileChecker.check(path: name)
            for diagnostic in result.diagnostics { print(diagnostic) }
            if !result.diagnostics.isEmpty || result.kind != .layout {
                Log.error(result.kind == .theme ? "\(name) is a theme, not a layout" : "the keyboard stays as it is")
                throw ExitCode(2)
            }
        }
        try control.ask(.layout(name))
    }
}

/// `clavier settings`: shows the running keyboard with its settings page open.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Open the running keyboard's settings page (in kiosk mode only where config.yaml names kiosk-settings).")
    @OptionGroup var control: ControlOptions
    func run() throws { try control.ask(.settings) }
}

/// `clavier quit`: ends the running keyboard.
struct QuitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "quit", abstract: "Quit the running keyboard.")
    @OptionGroup var control: ControlOptions
    func run() throws { try control.ask(.quit) }
}

/// `clavier status`: prints whether the keyboard is shown, its layout, page and geometry.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the running keyboard's state: visible or hidden, layout, page, geometry.")
    @Flag(help: "Print the state as one JSON object (visible, layout, page, geometry, dwell, scan, settings).")
    var json = false
    @OptionGroup var control: ControlOptions
    func run() throws {
        guard let status = try control.ask(.status) else { return }
        if json {
            print(try JSON.string(status, options: .wire))
        } else {
            for line in status.lines { print(line) }
        }
    }
}
