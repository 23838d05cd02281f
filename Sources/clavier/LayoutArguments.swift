import ArgumentParser
import ClavierCore

/// The options every command that shows a layout shares: `run`, `render` and `geometry`.
struct LayoutArguments: ParsableArguments {
    @Option(name: .setting(.layout), help: .setting(.layout), completion: .layoutName) var layout: String?
    @Option(name: .setting(.page), help: .setting(.page)) var page: String?
    @Option(name: .setting(.theme), help: .setting(.theme), completion: .themeName) var theme: String?
    @Option(name: .setting(.suggestions), help: .setting(.suggestions)) var suggestions: Int?
    @Option(name: .setting(.languages), help: .setting(.languages)) var languages: String?

    @Option(help: "Shuffle a PIN pad from this seed, not the system's secure random source (for tests; never for real PINs).")
    var seed: UInt64?

    /// Puts the settings given here into `layer`.
    func read(into layer: inout SettingsLayer) throws(SettingError) {
        try layer.read(.layout, layout)
        try layer.read(.page, page)
        try layer.read(.theme, theme)
        try layer.read(.suggestions, suggestions)
        try layer.read(.languages, languages)
    }

    /// The layout `--layout` names, with `--page` on it; a mistake in either is a usage error.
    func resolveLayout() throws -> Layout {
        var layer = SettingsLayer()
        do { try read(into: &layer) } catch { throw ValidationError(error.description) }
        let settings = Settings(commandLine: layer)
        let name = settings.layoutName
        let found: Layout
        do { found = try LayoutLoader.layout(named: name) } catch { throw ValidationError(error.description) }
        if let page, found.page(id: page) == nil {
            throw ValidationError("layout '\(name)' has no page '\(page)' (pages: \(found.pages.map(\.id).joined(separator: ", ")))")
        }
        return found.offering(suggestions: settings[.suggestions]).speaking(settings[.languages])
    }

    /// The theme `--theme` names; one that cannot be loaded is a usage error.
    func resolveTheme() throws -> Theme {
        do { return try LayoutLoader.theme(named: theme ?? Setting.theme.defaultValue) } catch { throw ValidationError(error.description) }
    }

    /// Where a PIN pad's shuffles come from: `--seed`, else the system's secure source.
    func shuffleSource() -> any RandomNumberGenerator { LayoutLoader.shuffleSource(seed: seed) }
}

extension FieldKind: ExpressibleByArgument {
    /// `--field` of `render` and `geometry`.
    static let help = "Show the keys a field of this kind gets with --auto-show (email, url, number, password …): its page and the keys beside the space bar."
}
