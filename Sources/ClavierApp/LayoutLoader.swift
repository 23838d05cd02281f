import ClavierBuiltins
import ClavierCore
import ClavierLayouts

extension LayoutLibrary {
    /// The library `--layout` and `--theme` search: the user's directory, then the data
    /// directories `DataFiles` knows (installed, then the source tree's `Assets/`). The
    /// shipped us.yaml and system.yaml, unchanged, are the built-in values, unparsed.
    package static let clavier = LayoutLibrary.standard(dataDirectories: DataFiles.candidates, shipped: .builtin)
}

extension ShippedFiles {
    /// What ClavierBuiltins made from the shipped files at build time.
    static let builtin = ShippedFiles(baseTheme: .system, layouts: BuiltinFiles.layouts, themes: BuiltinFiles.themes)
}

/// Finds layouts and themes by name (a file, a name in the library, else one built into the
/// binary) for `--layout`, `--theme`, rules and `clavier layout NAME`.
package enum LayoutLoader {
    /// The layout `name` names: a file, else a name found by the library, else a built-in one.
    package static func layout(named name: String) throws(LayoutError) -> Layout {
        try find(name, LayoutLibrary.clavier.layout, else: Layout.builtin)
    }

    /// The theme `name` names: a file, else a name found by the library, else a built-in one.
    package static func theme(named name: String) throws(LayoutError) -> Theme {
        try find(name, LayoutLibrary.clavier.theme, else: Theme.builtin)
    }

    private static func find<T>(_ name: String, _ inLibrary: (String) throws(LayoutError) -> T,
                                else builtins: [String: T]) throws(LayoutError) -> T {
        do {
            return try inLibrary(name)
        } catch .notFound(let name, let kind, let searched) {
            if let builtin = builtins[name] { return builtin }
            throw .notFound(name: name, kind: kind, searched: searched)
        }
    }

    /// For the running keyboard, which must come up whatever the files say: a layout or
    /// theme that cannot be loaded is reported and the built-in `us` and `system` are used.
    package static func loadForKeyboard(layout name: String, theme themeName: String) -> (Layout, Theme) {
        var layout = Layout.us
        var theme = Theme.system
        do {
            layout = try Self.layout(named: name)
        } catch {
            Log.error("\(error)")
            Log.warning("using the built-in 'us' layout instead of '\(name)'")
        }
        do {
            theme = try Self.theme(named: themeName)
        } catch {
            Log.error("\(error)")
            Log.warning("using the built-in 'system' theme instead of '\(themeName)'")
        }
        return (layout, theme)
    }

    /// Where a PIN pad's shuffles come from: `seed` (`--seed`), else `SystemRandomNumberGenerator`
    /// (the kernel's getrandom), which no one can predict.
    package static func shuffleSource(seed: UInt64?) -> any RandomNumberGenerator {
        if let seed { return SeededGenerator(seed: seed) }
        return SystemRandomNumberGenerator()
    }
}

extension Layout {
    /// The layout with its frequently used page filled from the user's tap counts as the
    /// running keyboard fills it (read only: `clavier geometry` and `render` show the same).
    package func withSavedTapCounts() -> Layout {
        guard options.frequentPage != nil else { return self }
        return fillingFrequentPage(with: TapCountStore.standard().load().0 ?? TapCounts())
    }
}
