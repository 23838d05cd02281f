import ClavierBuiltins
import ClavierCore
import Testing
@testable import ClavierApp

/// Autocorrection through the app (issue 36): at each `.suggest` the host is asked what the
/// word's taps would become, the bar offers it, and a space typed by a key types it over the
/// letters, on the host exactly as the session said; BackSpace right after types them back.
@Suite struct AutocorrectAppTests {
    func app(_ mode: CapitalizeMode) -> AppUnderTest {
        var options = Session.Options()
        options.autocorrect = mode
        let t = AppUnderTest(options, words: ["tgif"])
        t.host.corrections = ["tge": "the"]
        return t
    }

    let backSpace = "0x" + String(KeySym.backSpace.rawValue, radix: 16)

    @Test func aSlipIsTypedOverAtSpaceAndBackSpaceTakesItBack() {
        let t = app(.always)
        for c in ["t", "g", "e"] { t.tap(c) }
        // The host was asked with the taps where they landed, the last the whole word.
        #expect(t.host.correctionTaps.last == [WordTap("t", at: t.centre("t")), WordTap("g", at: t.centre("g")),
                                               WordTap("e", at: t.centre("e"))])
        #expect(t.app.session.typing.completions.prefix(2) == ["the", "tge"])
        #expect(t.app.session.picture.correcting)
        let before = t.host.log.count
        t.tap("space")
        let typed = t.host.log[before...].filter { $0.hasPrefix("type ") }
        #expect(typed == ["type \(backSpace)", "type \(backSpace)", "type \(backSpace)", "type t", "type h", "type e", "type  "], "\(typed)")
        let undo = t.host.log.count
        t.tap("backspace")
        let back = t.host.log[undo...].filter { $0.hasPrefix("type ") }
        #expect(back == Array(repeating: "type \(backSpace)", count: 4) + ["type t", "type g", "type e"], "\(back)")
        #expect(!t.app.session.picture.correcting)
    }

    /// Issue 48: the focus moved to another window (a program set it, no window manager said
    /// so) between the correction and BackSpace: the app asks the host which window has the
    /// focus before the key, and BackSpace is a plain one there.
    @Test func backSpaceInAnotherWindowIsAPlainOne() {
        let t = app(.always)
        t.host.focus = 0x40_0001
        for c in ["t", "g", "e", "space"] { t.tap(c) }
        #expect(t.app.session.typing.focusedWindow == 0x40_0001 && t.app.session.typing.mayTakeCorrectionBack)
        // From the correction on, a key typed on a hardware keyboard is listened for.
        #expect(t.host.hearsKeysTypedElsewhere)
        t.host.focus = 0x60_0001
        let undo = t.host.log.count
        t.tap("backspace")
        #expect(t.host.log[undo...].filter { $0.hasPrefix("type ") } == ["type \(backSpace)"], "\(t.host.log[undo...])")
    }

    /// A key typed on a hardware keyboard after the correction: the host says so, and
    /// BackSpace is a plain one (the text is not as the keys left it).
    @Test func aHardwareKeyBetweenMakesBackSpaceAPlainOne() {
        let t = app(.always)
        t.host.focus = 0x40_0001
        for c in ["t", "g", "e", "space"] { t.tap(c) }
        t.host.script = [[.typedElsewhere]]
        t.app.run(control: nil)
        let undo = t.host.log.count
        t.tap("backspace")
        #expect(t.host.log[undo...].filter { $0.hasPrefix("type ") } == ["type \(backSpace)"], "\(t.host.log[undo...])")
    }

    @Test func withNeverTheLettersTypedStay() {
        let t = app(.never)
        for c in ["t", "g", "e", "space"] { t.tap(c) }
        #expect(t.host.typed == "tge ")
        #expect(t.host.correctionTaps.isEmpty, "never asked")
        #expect(!t.host.asksCorrecting.isEmpty && !t.host.asksCorrecting.contains(true), "nor told words are corrected")
    }

    /// Issue 47: `--autocorrect` is held once, by the session; the host's words learn with
    /// each ask whether words are corrected in the field (its lexicon is made for it then).
    @Test func eachAskTellsTheHostWhetherWordsAreCorrected() {
        let t = app(.always)
        t.tap("t")
        #expect(t.host.asksCorrecting.last == true)
    }
}
