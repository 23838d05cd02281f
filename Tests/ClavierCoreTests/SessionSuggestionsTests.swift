import ClavierBuiltins
import Testing
@testable import ClavierCore

/// The suggestions in the session (Session+Suggestions.swift): when the predictor is asked
/// (`.suggest`), what goes to learning (`.learn`), and what forgets the text before the caret.
@Suite struct SessionSuggestionsTests {
    let t0 = ContinuousClock.now

    func session(slots: Int = 3, kiosk: Bool = false) -> Session {
        var options = Session.Options()
        options.capitalize = .never
        options.kiosk = kiosk
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: slots), size: Size(width: 1000, height: 300)),
                        options: options, at: t0)
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        return s
    }

    func type(_ s: inout Session, _ text: String, at now: ContinuousClock.Instant) -> [Effect] {
        text.flatMap { c -> [Effect] in
            let id = c == " " ? "space" : c == "\n" ? "return" : String(c)
            let r = s.keyboard.geometry.frame(id: id)!.rect
            let p = Point(x: r.midX, y: r.midY)
            return s.handle(.input(.press(p, pointer: 0)), at: now) + s.handle(.input(.release(p, pointer: 0)), at: now)
        }
    }

    @Test func typingAsksForWordsAndReturnCommitsWhatWasTyped() {
        var s = session()
        #expect(type(&s, "h", at: t0).contains(.suggest))
        let ended = type(&s, "i\n", at: t0)
        #expect(ended.contains(.learn("hi\n")) || ended.contains(.learn("hi")), "\(ended)")
        #expect(ended.contains(.suggest))
    }

    @Test func withoutSlotsNothingIsAskedNorCommittedAtReturn() {
        var s = session(slots: 0)
        let effects = type(&s, "hi\n", at: t0)
        #expect(!effects.contains(.suggest))
        #expect(!effects.contains { if case .learn = $0 { true } else { false } })
    }

    @Test func aPressElsewhereForgetsTheContextUnlessTheWindowsOwnPressFollows() {
        var s = session()
        _ = type(&s, "see you", at: t0)
        _ = s.handle(.press(elsewhere: true), at: t0)
        _ = s.handle(.press(elsewhere: false), at: t0 + .milliseconds(10))
        #expect(s.nextDeadline(after: t0) == nil)
        #expect(s.typing.context.before == "see you")
        _ = s.handle(.press(elsewhere: true), at: t0)
        #expect(s.nextDeadline(after: t0) == t0 + Timing.ownPressWait)
        let forgotten = s.handle(.tick, at: t0 + Timing.ownPressWait)
        // The word left begun ("you") is not learned.
        #expect(forgotten.contains(.learn("see ")) && forgotten.contains(.suggest), "\(forgotten)")
        #expect(s.typing.context.before.isEmpty)
    }

    @Test func anotherWindowAndHidingForgetTheContext() {
        var s = session()
        _ = type(&s, "ok then", at: t0)
        #expect(s.handle(.activeWindow(WindowIdentity(instance: "xterm", windowClass: "XTerm", title: "")), at: t0).contains(.learn("ok ")))
        #expect(s.typing.context.before.isEmpty)
        _ = type(&s, "fine go", at: t0)
        let hidden = s.handle(.request(.hide), at: t0)
        #expect(hidden.contains(.learn("fine ")) && hidden.contains(.hide))
        #expect(s.typing.context.before.isEmpty)
    }

    /// `clavier forget` (issue 34): the predictors are told to forget, and what was typed since
    /// the last commit is dropped, so that the next Return learns only what follows; in a kiosk too.
    @Test func forgetDropsWhatWasTypedAndTellsThePredictors() {
        for kiosk in [false, true] {
            var s = session(kiosk: kiosk)
            _ = type(&s, "secret word", at: t0)
            let forgot = s.handle(.request(.forget), at: t0)
            #expect(forgot.contains(.forgetLearned) && forgot.contains(.suggest), "\(forgot)")
            let ended = type(&s, " ok\n", at: t0 + .seconds(1))
            let learned = ended.compactMap { if case .learn(let text) = $0 { text } else { nil } }
            #expect(learned.count == 1 && !learned[0].containsText("secret") && learned[0].containsText("ok"), "\(ended)")
        }
    }

    @Test func theFieldsTextIsTheContextAndAPasswordKeepsNothing() {
        var s = session()
        #expect(s.handle(.field(.prose, before: "Dear Sir", moved: true), at: t0).contains(.suggest))
        #expect(s.typing.context.before == "Dear Sir")
        _ = s.handle(.field(.password, before: nil, moved: true), at: t0)
        let typed = type(&s, "abc\n", at: t0 + .seconds(1))
        #expect(!typed.contains { if case .learn = $0 { true } else { false } })
        #expect(s.typing.context.before.isEmpty)
    }

    @Test func aNewLayoutGoesOnWithTheSameField() {
        var s = session()
        _ = type(&s, "go", at: t0)
        let next = Keyboard(layout: Layout.us.offering(suggestions: 5), size: Size(width: 1000, height: 300))
        _ = s.handle(.keyboardReady(next, .request("us")), at: t0)
        #expect(s.typing.context.before == "go" && s.keyboard.accessory?.slots == 5)
        #expect(s.handle(.finishTyping, at: t0).isEmpty)  // A word left begun is not learned.
    }
}
