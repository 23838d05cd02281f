/// `languages` (issue 27, part 5): the keyboard types in several XKB layouts, one per group
/// of the server's keymap, and a language key switches between them.
extension Layout {
    /// The language key's id.
    public static let languageKeyID = "language"

    /// The layout shown when `languages` are given and no layout is: the letters of the
    /// keymap's group (`xkb`), so their labels and what they type follow the language.
    public static let followingLanguages = "xkb"

    /// This layout with a language key (a globe) before the space bar of its first page,
    /// which gives up a unit of its width (down to two): a tap switches to the next of
    /// `languages`, a long press lists them. Unchanged with fewer than two languages, or
    /// without a space bar on the first page (a PIN or phone pad).
    public func speaking(_ languages: [String]) -> Layout {
        guard languages.count > 1 else { return self }
        var pages = self.pages
        for r in pages[0].rows.indices {
            var keys = pages[0].rows[r].keys
            guard let s = keys.firstIndex(where: { $0.id == "space" }), !keys.contains(where: { $0.id == Self.languageKeyID })
            else { continue }
            keys[s].width = max(2, keys[s].width - 1)
            keys.insert(Key(id: Self.languageKeyID, label: .icon(.globe), action: .language, keyClass: .function,
                            alternates: languages), at: s)
            pages[0].rows[r].keys = keys
            return Layout(id: id, pages: pages, options: options)
        }
        return self
    }
}
