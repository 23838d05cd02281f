/// Which way a layout's script runs, from its `language:`.
extension Layout {
    /// Languages written right to left (ISO 639-1): Arabic, Persian, Hebrew, Urdu, Yiddish,
    /// Pashto, Sindhi, Uyghur, Dhivehi, Kurdish (Sorani is written in Arabic script).
    static let rightToLeftLanguages: Set<String> = ["ar", "fa", "he", "ur", "yi", "ps", "sd", "ug", "dv", "ku"]

    /// Whether the layout's language is written right to left: the bar's suggestions run from
    /// the right (the first at the right) and long-press alternates open leftwards from the key.
    public var isRightToLeft: Bool { options.language.map(Self.rightToLeftLanguages.contains) ?? false }
}
