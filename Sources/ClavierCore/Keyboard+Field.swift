/// The focused field's share of the keys (`FieldKeys`): its page, the extras beside the space
/// bar. The session decides and keeps them, with a password's privacy (Session+Field.swift,
/// `Typing.fieldKeys`); the keyboard only shows.
extension Keyboard {
    /// Shows what the focused field asks, the page showing what `before` asked (nothing, on a
    /// keyboard just made). `turnPage` (a new field got the focus): turns to the field's page
    /// when the layout has it; a field that asks for none, after one that turned the page, goes
    /// back to the first page. Otherwise the page stays, with or without the extras.
    public mutating func show(_ keys: FieldKeys, after before: FieldKeys, turnPage: Bool) -> [Effect] {
        let shownBefore = page
        var target = layout.page(id: page.id) ?? layout.defaultPage
        if turnPage {
            if let wanted = keys.page.flatMap(layout.page(id:)) {
                target = wanted
            } else if before.page != nil, page.id == before.page {
                target = layout.defaultPage
            }
        }
        guard keys != before || target.id != page.id else { return [] }
        turn(to: target, for: keys)
        if page == shownBefore { return keys.isPrivate != before.isPrivate ? [.redrawAll] : [] }
        return (target.id != shownBefore.id ? [.switchPage(target.id)] : []) + [.redrawAll]
    }
}
