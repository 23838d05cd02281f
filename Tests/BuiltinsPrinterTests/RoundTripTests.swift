import BuiltinsPrinter
import ClavierCore
import Testing

/// `Layout.everyField` and `Theme.everyField` were printed by make-builtins (the MakeBuiltins
/// plugin, `--every-field`) from `EveryField` and compiled into this target: what the built-in
/// `us` and `system` go through, for values that set every field.
struct RoundTripTests {
    @Test func aLayoutWithEveryFieldSetComesBackTheSame() {
        #expect(Layout.everyField.options == EveryField.layout.options)
        for (printed, given) in zip(Layout.everyField.pages, EveryField.layout.pages) {
            for (a, b) in zip(printed.keys, given.keys) { #expect(a == b) }
        }
        #expect(Layout.everyField == EveryField.layout)
    }

    @Test func aThemeWithEveryFieldSetComesBackTheSame() {
        #expect(Theme.everyField == EveryField.theme)
    }

    /// So that the round trip means something when Core grows: each field of a key and of
    /// the options is set to something else than its default somewhere, and each case of
    /// the enums a key holds is used.
    @Test func theValuesSetEveryField() {
        let plain = LayoutOptions()
        for (field, value) in zip(Mirror(reflecting: EveryField.layout.options).children, Mirror(reflecting: plain).children) {
            #expect("\(field.value)" != "\(value.value)", "EveryField.layout.options leaves \(field.label ?? "?") at its default")
        }
        let keys = EveryField.layout.pages.flatMap(\.keys)
        let fields = Mirror(reflecting: keys[0]).children.compactMap(\.label)
        for (i, field) in fields.enumerated() where !["id", "label", "action"].contains(field) {
            let set = keys.contains { key in
                let plainKey = Key(id: key.id, label: key.label, action: key.action)
                return "\(Array(Mirror(reflecting: key).children)[i].value)" != "\(Array(Mirror(reflecting: plainKey).children)[i].value)"
            }
            #expect(set, "no key of EveryField.layout sets \(field)")
        }
        #expect(Set(keys.compactMap { if case .icon(let icon) = $0.label { icon } else { nil } }) == Set(Icon.allCases))
        #expect(Set(keys.compactMap { if case .modifier(let m) = $0.action { m } else { nil } }) == Set(Modifier.allCases))
        #expect(Set(keys.map(\.keyClass)) == Set(KeyClass.allCases))
        #expect(Set(EveryField.layout.options.accessory) == Set(AccessoryItem.allCases))
        let actions = Set(keys.map { Mirror(reflecting: $0.action).children.first?.label ?? "\($0.action)" })
        #expect(actions == ["text", "key", "modifier", "page", "hide", "xkbKey", "language"])
    }

    /// A theme's fields are all different from each other, so that a printer writing one
    /// field's value under another's name cannot come back equal.
    @Test func theThemesFieldsAreAllDifferent() {
        let values = Mirror(reflecting: EveryField.theme).children.map { "\($0.value)" }
        #expect(Set(values).count == values.count)
    }
}
