/// Emoji search (`LayoutOptions.searchPage`): while its page shows, the session keeps the
/// search field; the keys' `Effect.searchTyped` edit it (and are never handed on: nothing
/// typed into the search reaches the application), the host is asked for the emoji the words
/// find (`Effect.searchEmoji`), and the match keys show them (`.emojiMatches`). A match
/// tapped types its emoji as any emoji key does, and the search stays, so that another match
/// or the same one again is one tap away; the close key (a page switch) ends it.
extension Session {
    /// Follows what the keys did: the search page came (a fresh field) or went (the field is
    /// dropped), a page switch showed it again (filled again), and the keys it typed.
    mutating func followSearch(_ effects: [Effect]) -> [Effect] {
        guard keyboard.searching else {
            emojiSearch = nil
            return []
        }
        var field = emojiSearch ?? EmojiSearchField()
        let turned = emojiSearch == nil || effects.contains { if case .switchPage = $0 { true } else { false } }
        var edited = false
        for case .searchTyped(let sym) in effects where field.edit(sym) { edited = true }
        emojiSearch = field
        guard turned || edited else { return [] }
        keyboard.showSearch(field)
        return [.redrawAll] + (edited && !field.query.isEmpty ? [.searchEmoji(field.query)] : [])
    }

    /// The host's answer to `.searchEmoji`: shown if it is for the words in the field now.
    mutating func takeMatches(_ found: [String], for query: String) -> [Effect] {
        guard keyboard.searching, var field = emojiSearch, field.take(found, for: query) else { return [] }
        emojiSearch = field
        keyboard.showSearch(field)
        return [.redrawAll]
    }

    /// A new keyboard came (another layout, or this one refilled as it shows again): the
    /// search goes on if it shows the search page, else ends.
    mutating func searchFollowsKeyboard() {
        guard keyboard.searching, let field = emojiSearch else {
            emojiSearch = keyboard.searching ? EmojiSearchField() : nil
            if let field = emojiSearch { keyboard.showSearch(field) }
            return
        }
        keyboard.showSearch(field)
    }

    /// The keyboard hides: the words typed into the search are forgotten with the rest.
    mutating func forgetSearch() -> [Effect] {
        guard emojiSearch != nil, emojiSearch != EmojiSearchField() else { return [] }
        emojiSearch = EmojiSearchField()
        keyboard.showSearch(EmojiSearchField())
        return [.redrawAll]
    }
}
