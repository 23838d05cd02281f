import ArgumentParser
import ClavierApp
import ClavierCore
import ClavierPredict
import ClavierX11

@main
struct Clavier: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clavier",
        abstract: "An on-screen keyboard for X11 and Wayland that types into the focused window.",
        version: clavierVersion,
        subcommands: [Run.self, ShowCommand.self, HideCommand.self, ToggleCommand.self, LayoutCommand.self, SettingsCommand.self,
                      QuitCommand.self, StatusCommand.self, TypeCommand.self, Render.self, GeometryCommand.self, GlideCommand.self, CheckCommand.self, LayoutsCommand.self,
                      PredictCommand.self, ForgetCommand.self, CorrectCommand.self],
        defaultSubcommand: Run.self
    )

    static func main() {
        // An X protocol error is never fatal (XErrorLog); with CLAVIER_LOG=debug it is shown.
        if Log.debugEnabled { XErrorLog.report = { Log.debug($0) } }
        // Each language's offensive words, for the bar, glide typing and autocorrect.
        OffensiveWords.locate { DataFiles.find("offensive/\($0).txt") }
        // A bare `clavier` runs the keyboard with every option at its default: no command
        // line to parse, so no command tree to build (ArgumentParser reflects over all fifteen
        // commands first, ~2.5 ms of a ~12 ms start from the kept picture).
        if CommandLine.argc == 1 {
            do {
                try RunOptions().run()
            } catch {
                exit(withError: error)
            }
            return
        }
        // Options alone (or after `run`), as an autostart line gives them: read from the settings
        // table without the command tree too.
        if let options = PlainArguments.runOptions(Array(CommandLine.arguments.dropFirst())) {
            do {
                try options.run()
            } catch {
                exit(withError: error)
            }
            return
        }
        main(nil)
    }
}

extension Size: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    /// The help's `(default: 1280x330)`, as the size is written on the command line.
    public var defaultValueDescription: String { "\(width)x\(height)" }
}
