/// The focused field's purpose (issue 27): with auto-show, the kind the focus watch reports
/// chooses the keys. The layout comes from the rules (`WindowRuleFollower.decide(field:)`: a
/// purpose rule, a telephone field's `phone`, else the window's rules as before); the page,
/// the extras beside the space bar and a password's privacy from `FieldKeys(for:)`.
///
/// The watch hears focus changes only, so a field may have the focus unheard: from the start
/// (a password prompt up before the keyboard) and while the keyboard was hidden. It is asked
/// then, and until it answers the field is private as a password's (issue 34): nothing typed
/// is learned, suggested from, previewed or painted pressed, and no glide draws its trail.
extension Session {
    /// The keys the focused field asks for: a field the watch has not told yet is private.
    public var fieldKeys: FieldKeys {
        var keys = FieldKeys(for: visibility.rules.field)
        if visibility.awaitsField { keys.isPrivate = true }
        return keys
    }

    /// A field of `kind` got the focus: its keys now, and its layout loaded when it differs.
    mutating func followPurpose(_ kind: FieldKind) -> [Effect] {
        let decision = visibility.rules.decide(field: kind)
        var effects = takeFieldKeys(turnPage: true)
        if let wanted = decision.layout { effects.append(.loadLayout(wanted, .rule(wanted))) }
        return effects
    }

    /// Takes `fieldKeys` and shows them, the keyboard showing `shown` (the keys taken before;
    /// none on a keyboard just made). A private field offers no suggestions, and has no glide
    /// (its trail shows the keys).
    mutating func takeFieldKeys(turnPage: Bool, shown: FieldKeys? = nil) -> [Effect] {
        let keys = fieldKeys
        let before = shown ?? typing.fieldKeys
        typing.fieldKeys = keys
        if !typing.mayGlide { keyboard.dropGlide() }
        let cleared = keys.isPrivate ? typing.setCompletions([], on: keyboard.accessory) : []
        return cleared + keyboard.show(keys, after: before, turnPage: turnPage)
    }

    /// The keyboard comes up: the focus watch is asked which field has the focus (it may have
    /// moved unheard while the keyboard was hidden), and the field is private until it answers
    /// with a report that a field got the focus (`.field(_, moved: true)`, Session+Suggestions.swift).
    mutating func askField() -> [Effect] {
        guard visibility.watchesField else { return [] }
        visibility.awaitsField = true
        return [.askField] + takeFieldKeys(turnPage: false)
    }

    /// The focus watch could not start or ended (no accessibility bus): the field is `.unknown`
    /// from now on, as without `--auto-show`. What was typed while its answer was awaited is
    /// dropped, not learned.
    mutating func fieldWatchEnded() -> [Effect] {
        visibility.watchesField = false
        guard visibility.awaitsField else { return [] }
        let dropped = commitTyping(complete: false)
        visibility.awaitsField = false
        return dropped + takeFieldKeys(turnPage: false)
    }
}
