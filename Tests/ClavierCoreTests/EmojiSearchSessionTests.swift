import Testing
@testable import ClavierCore

/// The emoji search page in a session: its letters type into the keyboard's own field, never
/// the application; a match types its emoji.
@Suite struct EmojiSearchSessionTests {
    let t0 = ContinuousClock.now
    static let cat = Key(id: "1f408", label: .text("🐈"), action: .text("🐈"), keyClass: .symbol, alternates: ["🐈‍⬛"])
    static let layout = Layout(id: "emoji", pages: [
        Page(id: "frequent", rows: [
            Row([Key(id: "1f600", label: .text("😀"), action: .text("😀"), keyClass: .symbol),
                 Key(id: "1f642", label: .text("🙂"), action: .text("🙂"), keyClass: .symbol)]),
            Row([Key(id: "to-search", label: .text("🔍"), action: .page("search"), keyClass: .function)]),
        ]),
        Page(id: "animals", rows: [Row([cat])]),
        Page(id: "search", rows: [
            Row([Key(id: "search-field", label: .text("🔍"), action: .page("search"), width: 3, keyClass: .function)]
                + (1...3).map { Key(id: "slot\($0)", label: .text("🙃"), action: .text("🙃"), keyClass: .symbol) }),
            Row("cat".map { Key.character(String($0)) } + [Key(id: "bs", label: .icon(.backspace), action: .key(.backSpace), keyClass: .function, repeats: true)]),
            Row([Key(id: "close", label: .text("✕"), action: .page("frequent"), keyClass: .function),
                 Key(id: "space", label: .text("space"), action: .key(.space), keyClass: .space)]),
        ]),
    ], options: LayoutOptions(frequentPage: "frequent", accessory: [], searchPage: "search"))

    func session() -> Session {
        Session(keyboard: Keyboard(layout: Self.layout, size: Size(width: 800, height: 300)), options: Session.Options(), at: t0)
    }

    func tap(_ s: inout Session, _ id: Key.ID) -> [Effect] {
        let p = s.keyboard.centre(of: id)
        return s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
    }

    /// What the slots show now, in order.
    func slots(_ s: Session) -> [String] {
        s.keyboard.page.rows[0].keys.dropFirst().map { if case .text(let t) = $0.label { t } else { "?" } }
    }

    func searched(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .searchEmoji(let q) = $0 { q } else { nil } }
    }

    @Test func lettersTypeIntoTheSearchFieldAndNothingReachesTheApplication() {
        var s = session()
        #expect(s.emojiSearch == nil)
        _ = tap(&s, "to-search")
        #expect(s.keyboard.searching && s.emojiSearch == EmojiSearchField())
        // Before anything is typed the slots show the frequently used page's keys.
        #expect(slots(s) == ["😀", "🙂", ""])
        var effects: [Effect] = []
        for id in ["c", "a", "t", "space", "bs", "bs"] { effects += tap(&s, id) }
        #expect(!effects.contains { $0.isTyping })
        #expect(!effects.contains { if case .searchTyped = $0 { true } else { false } })
        #expect(searched(effects) == ["c", "ca", "cat", "cat ", "cat", "ca"])
        #expect(s.emojiSearch?.query == "ca")
        #expect(s.keyboard.page.key(id: "search-field")?.label == .text("🔍 ca▏"))
    }

    @Test func theMatchesFillTheSlotsAndATapTypesOneAndTheSearchStays() {
        var s = session()
        _ = tap(&s, "to-search")
        for id in ["c", "a", "t"] { _ = tap(&s, id) }
        // An answer for words no longer in the field is dropped.
        #expect(s.handle(.emojiMatches("ca", ["🐪"]), at: t0).isEmpty)
        #expect(s.handle(.emojiMatches("cat", ["🐈", "🐱"]), at: t0) == [.redrawAll])
        #expect(slots(s) == ["🐈", "🐱", ""])
        // The layout's own key: its taps count, its long press offers its alternates.
        #expect(s.keyboard.page.rows[0].keys[1].alternates == ["🐈‍⬛"])
        let effects = tap(&s, "1f408")
        #expect(effects.filter { $0.isTyping } == KeySym.sequence(typing: "🐈").map { .type($0, modifiers: []) })
        #expect(effects.contains { if case .tapped(let key) = $0 { key.id == "1f408" } else { false } })
        #expect(s.keyboard.searching && s.emojiSearch?.query == "cat")
        // A blank slot types nothing.
        #expect(!tap(&s, "match-blank-3").contains { $0.isTyping })
    }

    @Test func theCloseKeyEndsTheSearchAndHidingForgetsTheWords() {
        var s = session()
        _ = tap(&s, "to-search")
        _ = tap(&s, "c")
        #expect(s.handle(.request(.hide), at: t0).contains(.hide))
        #expect(s.emojiSearch == EmojiSearchField())
        #expect(s.keyboard.page.key(id: "search-field")?.label == .text("🔍"))
        _ = s.handle(.request(.show), at: t0)
        _ = tap(&s, "a")
        #expect(s.emojiSearch?.query == "a")
        #expect(!tap(&s, "close").contains { $0.isTyping })
        #expect(!s.keyboard.searching && s.emojiSearch == nil)
        // Back on the frequent page its keys type again.
        #expect(tap(&s, "1f600").contains { $0.isTyping })
    }

    @Test func aHeldBackSpaceRepeatsInTheField() {
        var s = session()
        _ = tap(&s, "to-search")
        for id in ["c", "a", "t"] { _ = tap(&s, id) }
        let p = s.keyboard.centre(of: "bs")
        var effects = s.handle(.input(.press(p, pointer: 0)), at: t0)
        var now = t0
        while let due = s.nextDeadline(after: now), s.emojiSearch?.query.isEmpty == false, due < t0 + .seconds(5) {
            now = due
            effects += s.handle(.tick, at: now)
        }
        effects += s.handle(.input(.release(p, pointer: 0)), at: now)
        #expect(s.emojiSearch?.query == "")
        #expect(!effects.contains { $0.isTyping })
        #expect(slots(s) == ["😀", "🙂", ""])
    }
}
