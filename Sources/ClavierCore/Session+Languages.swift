/// The language key on a touch layout of one language (issue 51): `us` and the layouts for
/// other scripts (`ru`, `el`, `ar` …) each write one language, so a tap on the globe brings
/// the next of the user's languages' own layout, not only the keymap's next group (which the
/// `xkb` layout's letters follow by themselves). The group is locked too, so the hardware
/// keyboard and the suggestions of a layout without `language:` (`us`) follow.
extension Layout {
    /// The shipped layout that writes each language with a script of its own; any other
    /// language is written on `us` (its accents by long press).
    public static let byLanguage: [String: String] = [
        "ru": "ru", "uk": "uk", "bg": "bg", "el": "el", "tr": "tr", "ar": "ar", "fa": "fa", "he": "he",
        "hi": "hi", "th": "th", "vi": "vi",
    ]

    /// The layout the language of `keymap` (an XKB layout name, as `languages` gives them) is
    /// written on: `ru` → ru, `gr` → el, `ua` → uk, `de` → us.
    public static func writing(keymap: String) -> String {
        byLanguage[PredictionLanguage.code(xkbLayout: keymap)] ?? "us"
    }

    /// Whether this layout is one of those the language key moves between.
    var writesOneLanguage: Bool { id == "us" || Self.byLanguage.values.contains(id) }
}

extension Session {
    /// The key reducer's `.switchLanguage` on a layout that writes one language: the index
    /// made explicit (the next after the language shown, or the one chosen), and the next
    /// language's layout loaded. On any other layout (`xkb`, `pc`) the effects are as they were.
    mutating func languageLayouts(_ out: [Effect]) -> [Effect] {
        out.flatMap { effect -> [Effect] in
            guard case .switchLanguage(let chosen) = effect, keyboard.layout.writesOneLanguage,
                  let languages = keyboard.layout.pages.first?.key(id: Layout.languageKeyID)?.alternates,
                  languages.count > 1 else { return [effect] }
            // The language shown: the last one chosen here, else the first the layout writes.
            let shown = typing.languageIndex.flatMap { languages.indices.contains($0) ? $0 : nil }
                ?? languages.firstIndex { Layout.writing(keymap: $0) == keyboard.layout.id } ?? 0
            let next = chosen.map { min($0, languages.count - 1) } ?? (shown + 1) % languages.count
            typing.languageIndex = next
            let layout = Layout.writing(keymap: languages[next])
            return [.switchLanguage(next)] + (layout == keyboard.layout.id ? [] : [.loadLayout(layout, .request(layout))])
        }
    }
}
