import ArgumentParser
import ClavierCore

@main
struct Clavier: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clavier",
        abstract: "An on-screen keyboard for X11 that types into the focused window.",
        version: clavierVersion,
        subcommands: [Run.self, ShowCommand.self, HideCommand.self, ToggleCommand.self, LayoutCommand.self,
                      QuitCommand.self, StatusCommand.self, TypeCommand.self, Render.self, GeometryCommand.self, CheckCommand.self, LayoutsCommand.self],
        defaultSubcommand: Run.self
    )

    static func main() {
        // A bare `clavier` runs the keyboard with every option at its default: no command
        // line to parse, so no command tree to build (ArgumentParser reflects over all twelve
        // commands first, ~2.5 ms of a ~12 ms start from the kept picture).
        if CommandLine.argc == 1 {
            do {
                try RunOptions().run()
            } catch {
                exit(withError: error)
            }
            return
        }
        main(nil)
    }
}

/// Options every command that shows a layout shares.
struct LayoutOptions: ParsableArguments {
    @Option(help: "The layout to show: a name (see clavier layouts) or a YAML file.", completion: .layoutName)
    var layout = "us"

    @Option(help: "The page to show first (us: letters, numbers, symbols).")
    var page: String?

    @Option(help: "The look: a name (system, dark, high-contrast; see clavier layouts) or a YAML file.", completion: .themeName)
    var theme = "system"

    @Option(help: "Shuffle a PIN pad from this seed, not the system's secure random source (for tests; never for real PINs).")
    var seed: UInt64?

    func resolveLayout() throws -> Layout {
        let found: Layout
        do { found = try loadLayout() } catch { throw ValidationError(error.description) }
        if let page, found.page(id: page) == nil {
            throw ValidationError("layout '\(layout)' has no page '\(page)' (pages: \(found.pages.map(\.id).joined(separator: ", ")))")
        }
        return found
    }

    func resolveTheme() throws -> Theme {
        do { return try loadTheme() } catch { throw ValidationError(error.description) }
    }
}

extension Size: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension DockEdge: ExpressibleByArgument {}
