import ArgumentParser
import ClavierApp
import ClavierCore

/// The settings a command that shows a layout takes: `render` and `geometry` (`run` takes them
/// among every setting).
enum ShownSettings: SettingSelection {
    static let settings = [AnySetting(.layout), AnySetting(.page), AnySetting(.theme), AnySetting(.suggestions), AnySetting(.languages)]
}

/// The options every command that shows a layout shares: `render` and `geometry`.
struct LayoutArguments: ParsableArguments {
    @OptionGroup var shown: SettingOptions<ShownSettings>

    @Option(help: Self.seedHelp) var seed: UInt64?

    /// `--seed`'s, here and in `run`.
    static var seedHelp: ArgumentHelp {
        "Shuffle a PIN pad from this seed, not the system's secure random source (for tests; never for real PINs)."
    }

    /// The settings given, over the defaults (checked when the command line was parsed).
    var settings: Settings { shown.values }

    /// `--page`, when given.
    var page: Page.ID? { settings[.page] }

    /// The layout `--layout` names, with `--page` on it; a mistake in either is a usage error.
    func resolveLayout() throws -> Layout {
        let settings = settings
        let name = settings.layoutName
        let found: Layout
        do { found = try LayoutLoader.layout(named: name) } catch { throw ValidationError(error.description) }
        if let page = settings[.page], found.page(id: page) == nil {
            throw ValidationError("layout '\(name)' has no page '\(page)' (pages: \(found.pages.map(\.id).joined(separator: ", ")))")
        }
        return settings.shaping(found)
    }

    /// The theme `--theme` names; one that cannot be loaded is a usage error.
    func resolveTheme() throws -> Theme {
        do { return try LayoutLoader.theme(named: settings[.theme]) } catch { throw ValidationError(error.description) }
    }

    /// Where a PIN pad's shuffles come from: `--seed`, else the system's secure source.
    func shuffleSource() -> any RandomNumberGenerator { LayoutLoader.shuffleSource(seed: seed) }
}

extension FieldKind: ExpressibleByArgument {
    /// `--field` of `render` and `geometry`.
    static let help = "Show the keys a field of this kind gets with --auto-show (email, url, number, password …): its page and the keys beside the space bar."
}
