import ClavierBuiltins
import Testing
@testable import ClavierCore

/// A field the focus watch has not told yet is private (issue 34, item 1; Session+Field.swift):
/// with `--auto-show` the keyboard starts before the watch says which field has the focus (a
/// password prompt may have had it first), and after each show the watch is asked again.
/// Until it answers nothing typed is learned, suggested from, previewed or painted pressed.
@Suite struct FieldAskTests {
    let t0 = ContinuousClock.now

    func session(autoShow: Bool = true) -> Session {
        var options = Session.Options()
        options.autoShow = autoShow
        options.capitalize = .never
        options.glide = true
        return Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 3), size: Size(width: 1000, height: 300)),
                       options: options, at: t0)
    }

    func type(_ s: inout Session, _ text: String) -> [Effect] {
        text.flatMap { c -> [Effect] in
            let p = s.keyboard.centre(of: c == " " ? "space" : c == "\n" ? "return" : String(c))
            return s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
        }
    }

    /// What `effects` hand to learning.
    func learned(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .learn(let text) = $0 { text } else { nil } }
    }

    /// Whether holding `id` paints it pressed or previews it; the press is released after (and
    /// has typed its letter).
    func holdingShows(_ s: inout Session, _ id: Key.ID) -> Bool {
        let p = s.keyboard.centre(of: id)
        _ = s.handle(.input(.press(p, pointer: 0)), at: t0)
        let shows = s.picture.state(of: s.keyboard.page.key(id: id)!) == .pressed || s.picture.preview(.always) != nil
        _ = s.handle(.input(.release(p, pointer: 0)), at: t0)
        return shows
    }

    @Test func untilTheWatchFirstAnswersNothingTypedIsLearnedPaintedOrSuggested() {
        var s = session()
        #expect(s.awaitsField && s.fieldKeys.isPrivate && !s.typing.mayGlide)
        #expect(!holdingShows(&s, "q"), "a key held before the watch answered was painted pressed or previewed")
        let typed = type(&s, "secret\n")
        #expect(typed.contains(.type(KeySym(rawValue: 0x73), modifiers: [])), "it types")
        #expect(learned(typed).isEmpty && !typed.contains(.suggest), "\(typed)")
        _ = type(&s, "more")
        // The answer: a prose entry. What was typed before it is not learned; what follows is.
        let answered = s.handle(.field(.prose, before: "", moved: true), at: t0)
        #expect(learned(answered).isEmpty && answered.contains(.suggest), "\(answered)")
        #expect(!s.awaitsField && !s.fieldKeys.isPrivate && s.typing.mayGlide)
        #expect(holdingShows(&s, "q"))
        #expect(learned(type(&s, "plumbous\n")).contains { $0.containsText("plumbous") })
    }

    @Test func thePasswordTheWatchFindsStaysPrivateAndAProseFieldNextIsNot() {
        var s = session()
        _ = s.handle(.field(.password, before: nil, moved: true), at: t0)
        #expect(!s.awaitsField && s.fieldKeys.isPrivate)
        #expect(learned(type(&s, "hunter\n")).isEmpty && !holdingShows(&s, "k"))
        _ = s.handle(.field(.prose, before: nil, moved: true), at: t0)
        #expect(learned(type(&s, "hello\n")).contains { $0.containsText("hello") })
    }

    @Test func eachShowAsksTheWatchAgainAndTheFieldIsPrivateUntilItAnswers() {
        var s = session()
        _ = s.handle(.field(.prose, before: "", moved: true), at: t0)
        _ = s.handle(.request(.hide), at: t0)
        let shown = s.handle(.request(.show), at: t0)
        #expect(shown.contains(.show) && shown.contains(.askField), "\(shown)")
        #expect(s.fieldKeys.isPrivate && !holdingShows(&s, "k"))
        #expect(learned(type(&s, "pin\n")).isEmpty)
        _ = s.handle(.field(.prose, before: "", moved: true), at: t0)
        #expect(!s.fieldKeys.isPrivate && holdingShows(&s, "k"))
        // Shown by auto-show for a field the watch just told: nothing to ask.
        _ = s.handle(.request(.hide), at: t0)
        let followed = s.handle(.field(.prose, before: "", moved: true), at: t0) + s.handle(.focus(.textField), at: t0)
        #expect(followed.contains(.show) && !followed.contains(.askField), "\(followed)")
        #expect(!s.fieldKeys.isPrivate)
        // A show of a keyboard already up asks nothing.
        #expect(!s.handle(.request(.show), at: t0).contains(.askField))
    }

    @Test func aWatchThatEndsLeavesTheFieldUnknownAsWithoutAutoShow() {
        var s = session()
        _ = type(&s, "typed ")
        let ended = s.handle(.fieldWatchEnded, at: t0)
        #expect(learned(ended).isEmpty, "typed while the answer was awaited: \(ended)")
        #expect(!s.awaitsField && !s.fieldKeys.isPrivate && holdingShows(&s, "k"))
        #expect(learned(type(&s, "word\n")).contains { $0.containsText("word") })
        _ = s.handle(.request(.hide), at: t0)
        let shown = s.handle(.request(.show), at: t0)
        #expect(shown.contains(.show) && !shown.contains(.askField) && !s.fieldKeys.isPrivate)
    }

    @Test func withoutAutoShowNothingIsAwaitedNorAsked() {
        var s = session(autoShow: false)
        #expect(!s.awaitsField && !s.fieldKeys.isPrivate && s.typing.mayGlide)
        #expect(holdingShows(&s, "k"))
        #expect(learned(type(&s, "word\n")).contains { $0.containsText("word") })
        _ = s.handle(.request(.hide), at: t0)
        #expect(!s.handle(.request(.show), at: t0).contains(.askField))
    }
}
