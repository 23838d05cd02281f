import ArgumentParser
import ClavierCore

@main
struct Clavier: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clavier",
        abstract: "An on-screen keyboard for X11 that types into the focused window.",
        version: "0.1.0",
        subcommands: [Run.self, TypeCommand.self, Render.self, GeometryCommand.self],
        defaultSubcommand: Run.self
    )
}

/// Options every command that shows a layout shares.
struct LayoutOptions: ParsableArguments {
    @Option(help: "The layout to show (built in: \(Layout.builtin.keys.sorted().joined(separator: ", "))).")
    var layout = "us"

    @Option(help: "The page to show first (us: letters, numbers, symbols).")
    var page: String?

    @Option(help: "The look (built in: \(Theme.builtin.keys.sorted().joined(separator: ", "))).")
    var theme = "system"

    func resolveLayout() throws -> Layout {
        guard let found = Layout.builtin[layout] else {
            throw ValidationError("no layout '\(layout)' (known: \(Layout.builtin.keys.sorted().joined(separator: ", ")))")
        }
        if let page, found.page(id: page) == nil {
            throw ValidationError("layout '\(layout)' has no page '\(page)' (pages: \(found.pages.map(\.id).joined(separator: ", ")))")
        }
        return found
    }

    func resolveTheme() throws -> Theme {
        guard let found = Theme.builtin[theme] else {
            throw ValidationError("no theme '\(theme)' (known: \(Theme.builtin.keys.sorted().joined(separator: ", ")))")
        }
        return found
    }
}

extension Size: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}
