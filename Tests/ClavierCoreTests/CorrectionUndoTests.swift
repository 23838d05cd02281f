import Testing
@testable import ClavierCore

/// Where BackSpace right after a correction takes it back (issue 48): only in the window the
/// correction was typed in, with the text as the keys left it. The host tells the window the
/// keys went to (`.focusedWindow`, X's input focus: no window manager need say the active
/// window changed) and a key typed on a hardware keyboard (`.typedElsewhere`); either way the
/// text before the caret is not what the keyboard knows, so it is forgotten, and BackSpace
/// is a plain one.
@Suite struct CorrectionUndoTests {
    let t0 = ContinuousClock.now
    let helper = AutocorrectSessionTests()
    let backSpace = Effect.type(.backSpace, modifiers: [])
    let windowA: UInt64 = 0x40_0001, windowB: UInt64 = 0x60_0001

    /// "tge " typed and corrected to "the " in window A, as the host told it after each key.
    func corrected() -> Session {
        var s = helper.session()
        _ = s.handle(.focusedWindow(windowA), at: t0)
        _ = helper.type(&s, "tge")
        _ = s.handle(.completions([], correction: "the"), at: t0)
        let ended = helper.type(&s, " ")
        _ = s.handle(.focusedWindow(windowA), at: t0)
        #expect(ended.filter(\.isTyping) == [backSpace, backSpace, backSpace] + helper.typed("the "))
        #expect(s.typing.mayTakeCorrectionBack && s.typing.context.before == "the ")
        return s
    }

    @Test func theFocusInTheSameWindowKeepsTheUndo() {
        var s = corrected()
        let press = SessionEvent.input(.press(helper.point(s, "\u{8}"), pointer: 0))
        #expect(s.asksFocusedWindow(before: press))
        #expect(s.handle(.focusedWindow(windowA), at: t0).isEmpty)
        #expect(helper.type(&s, "\u{8}").filter(\.isTyping) == Array(repeating: backSpace, count: 4) + helper.typed("tge"))
        // Taken back: nothing more to ask before a key.
        #expect(!s.asksFocusedWindow(before: press))
    }

    @Test func anotherWindowWithTheFocusGetsAPlainBackSpace() {
        var s = corrected()
        // A program moved the focus to window B (no window manager: no active window changed).
        let forgot = s.handle(.focusedWindow(windowB), at: t0)
        #expect(forgot.contains(.suggest), "the bar is asked again for the unknown text: \(forgot)")
        #expect(!s.typing.mayTakeCorrectionBack && s.typing.context.before.isEmpty)
        #expect(helper.type(&s, "\u{8}").filter(\.isTyping) == [backSpace])
        #expect(s.typing.focusedWindow == windowB)
        // Back in A, the text there is not known either: still a plain BackSpace.
        _ = s.handle(.focusedWindow(windowA), at: t0)
        #expect(helper.type(&s, "\u{8}").filter(\.isTyping) == [backSpace])
    }

    @Test func aKeyTypedOnAHardwareKeyboardDisarmsIt() {
        var s = corrected()
        let forgot = s.handle(.typedElsewhere, at: t0)
        #expect(forgot.contains(.suggest))
        #expect(!s.typing.mayTakeCorrectionBack && s.typing.context.before.isEmpty)
        #expect(helper.type(&s, "\u{8}").filter(\.isTyping) == [backSpace])
        // Nothing left to forget: another hardware key asks nothing.
        #expect(s.handle(.typedElsewhere, at: t0).isEmpty)
    }

    /// The focus watch (`--auto-show`) or input-method-v2's activation says another field has
    /// the focus, or the field's own text no longer ends as the keys left it: a plain BackSpace
    /// (this held before issue 48; kept here beside the window's rule).
    @Test func anotherFieldOrOtherTextDisarmsItToo() {
        var s = corrected()
        _ = s.handle(.field(.prose, before: "", moved: true), at: t0)
        #expect(helper.type(&s, "\u{8}").filter(\.isTyping) == [backSpace])
        var changed = corrected()
        // Reported after the keys' quiet time: the text before the caret is the field's own.
        _ = changed.handle(.field(.unknown, before: "the x", moved: false), at: t0 + Timing.adoptQuiet + .milliseconds(1))
        #expect(!changed.typing.mayTakeCorrectionBack)
        #expect(helper.type(&changed, "\u{8}").filter(\.isTyping) == [backSpace])
    }

    @Test func theWindowIsAskedOnlyWhileAKeyMayTakeACorrectionBack() {
        var s = helper.session()
        let press = SessionEvent.input(.press(helper.point(s, "\u{8}"), pointer: 0))
        #expect(!s.asksFocusedWindow(before: press))
        // The first window told is taken as it is: nothing was typed elsewhere before it.
        #expect(s.handle(.focusedWindow(windowA), at: t0).isEmpty)
        _ = helper.type(&s, "so ")
        #expect(s.typing.context.before == "so ")
        // Typed into another window: what was known is another window's text.
        _ = s.handle(.focusedWindow(windowB), at: t0)
        #expect(s.typing.context.before.isEmpty)
        let armed = corrected()
        #expect(armed.asksFocusedWindow(before: .tick) && armed.asksFocusedWindow(before: .switchKey(0, down: true)))
        #expect(!armed.asksFocusedWindow(before: .completions([])) && !armed.asksFocusedWindow(before: .copied("x")))
    }
}
