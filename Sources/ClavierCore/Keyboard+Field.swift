/// The focused field's share of the keys (`FieldKeys`): its page, the extras beside the space
/// bar, and a password's privacy. The session decides (Session+Field.swift); the keyboard
/// only shows.
extension Keyboard {
    /// Takes what the focused field asks. `turnPage` (a new field got the focus): turns to the
    /// field's page when the layout has it; a field that asks for none, after one that turned
    /// the page, goes back to the first page. Otherwise the page stays, with or without the
    /// extras. A private field offers no suggestions.
    public mutating func setFieldKeys(_ keys: FieldKeys, turnPage: Bool) -> [Effect] {
        let before = fieldKeys
        let shownBefore = page
        fieldKeys = keys
        var target = layout.page(id: page.id) ?? layout.defaultPage
        if turnPage {
            if let wanted = keys.page.flatMap(layout.page(id:)) {
                target = wanted
            } else if before.page != nil, page.id == before.page {
                target = layout.defaultPage
            }
        }
        var effects: [Effect] = []
        if keys.isPrivate { effects += setCompletions([]) }
        guard keys != before || target.id != page.id else { return effects }
        turn(to: target)
        if page == shownBefore { return effects + (keys.isPrivate != before.isPrivate ? [.redrawAll] : []) }
        return effects + (target.id != shownBefore.id ? [.switchPage(target.id)] : []) + [.redrawAll]
    }
}
