/// The focused field's purpose (issue 27): with auto-show, the kind the focus watch reports
/// chooses the keys. The layout comes from the rules (`WindowRuleFollower.decide(field:)`: a
/// purpose rule, a telephone field's `phone`, else the window's rules as before); the page,
/// the extras beside the space bar and a password's privacy from `FieldKeys(for:)`.
extension Session {
    /// The keys the focused field asks for.
    public var fieldKeys: FieldKeys { FieldKeys(for: rules.field) }

    /// A field of `kind` got the focus: its keys now, and its layout loaded when it differs.
    mutating func followPurpose(_ kind: FieldKind) -> [Effect] {
        let decision = rules.decide(field: kind)
        var effects = keyboard.setFieldKeys(FieldKeys(for: kind), turnPage: true)
        if let wanted = decision.layout { effects.append(.loadLayout(wanted, .rule(wanted))) }
        return effects
    }

    /// A new keyboard (another layout, or the same refreshed) takes the field's keys, turning
    /// to its page when a rule or the field chose the layout.
    mutating func keepPurpose(after change: LayoutChange) -> [Effect] {
        if case .rule = change { return keyboard.setFieldKeys(fieldKeys, turnPage: true) }
        return keyboard.setFieldKeys(fieldKeys, turnPage: false)
    }
}
