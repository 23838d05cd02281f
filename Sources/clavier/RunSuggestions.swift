import ClavierCore
import ClavierLayouts

extension RunOptions {
    /// The suggestion bar's `Suggester` for `settings`; nil with `--suggestions 0`. A kiosk
    /// keyboard learns only when its config asks (`learning: true`): its users are strangers.
    static func suggester(_ settings: Settings) -> Suggester? {
        guard settings[.suggestions] > 0 else { return nil }
        let learns = settings[.learning] && (!settings[.kiosk] || settings.given.gives(.learning))
        // Asked only once a word is typed on a layout with suggestions; the word list loads then.
        let store: WordStore? = learns ? .standard() : nil
        return Suggester(learns: learns, capitalize: settings[.autoCapitalize]) { language in
            language == "en" ? WordLearner(store: store) : nil
        }
    }
}
