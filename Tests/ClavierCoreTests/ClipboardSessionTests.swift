import ClavierBuiltins
import Testing
@testable import ClavierCore

/// The clipboard strip (issue 38, Session+Clipboard.swift): copies offered on the bar of an
/// empty field, typed by a tap; never from nor into a password field, never in a kiosk, gone
/// at `clavier forget`.
@Suite struct ClipboardSessionTests {
    let t0 = ContinuousClock.now

    func session(slots: Int = 3, kiosk: Bool = false, clipboard: Bool = true) -> Session {
        var options = Session.Options()
        options.kiosk = kiosk
        options.clipboard = clipboard
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: slots), size: Size(width: 1000, height: 300)),
                        options: options, at: t0)
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        return s
    }

    func tap(_ s: inout Session, _ id: String) -> [Effect] {
        let r = s.keyboard.geometry.frame(id: id)!.rect
        let p = Point(x: r.midX, y: r.midY)
        return s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
    }

    func tapCell(_ s: inout Session, _ i: Int) -> [Effect] {
        let r = s.keyboard.accessory!.rect(of: .completion(i))!
        let p = Point(x: r.midX, y: r.midY)
        return s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
    }

    func typed(_ effects: [Effect]) -> String {
        String(String.UnicodeScalarView(effects.compactMap { if case .type(let sym, _) = $0 { sym == .return ? "\n" : sym.scalar } else { nil } }))
    }

    @Test func anEmptyFieldOffersTheCopiesAndATapTypesOneAsItStands() {
        var s = session()
        _ = s.handle(.completions(["the", "I"]), at: t0)
        #expect(s.handle(.copied("first copy"), at: t0).contains(.redrawAccessory))
        _ = s.handle(.copied("ssh me@host\n"), at: t0)
        #expect(s.typing.clips == ["ssh me@host\n", "first copy"])
        #expect(s.picture.completions == ["⏎1 “ssh me@host…”", "“first copy”"] && s.picture.offersClips)
        let effects = tapCell(&s, 1)
        #expect(typed(effects) == "first copy", "no space after it, nothing replaced")
        // Text before the caret now: the bar's words come back.
        #expect(s.typing.clips.isEmpty && !s.picture.offersClips && effects.contains(.redrawAccessory))
        #expect(s.picture.completions == ["the", "I"])
        #expect(typed(tapCell(&s, 0)) == "the ", "a word again")
    }

    @Test func typingHidesTheCopiesAndAnEmptiedFieldOffersThemAgain() {
        var s = session()
        _ = s.handle(.copied("kept"), at: t0)
        _ = tap(&s, "a")
        #expect(s.typing.clips.isEmpty)
        _ = tap(&s, "backspace")
        #expect(s.typing.clips == ["kept"])
        _ = tap(&s, "b")
        _ = s.handle(.activeWindow(WindowIdentity(instance: "xterm", windowClass: "XTerm", title: "")), at: t0)
        #expect(s.typing.clips == ["kept"], "another window: nothing typed there yet")
    }

    @Test func theNewestComeFirstEachOnceAsManyAsTheBarHasSlots() {
        var s = session(slots: 2)
        for text in ["a1", "b2", "a1", "c3", "d4", "e5", "f6"] { _ = s.handle(.copied(text), at: t0) }
        #expect(s.clipboard?.entries == ["f6", "e5", "d4", "c3", "a1"])
        #expect(s.typing.clips == ["f6", "e5"])
    }

    @Test func largeControlOrBlankTextsAreNotKept() {
        var history = ClipboardHistory()
        let kept = [String(repeating: "x", count: ClipboardHistory.largestText + 1), String(repeating: "x", count: ClipboardHistory.largestText),
                    "  \n\t", "run\u{1B}[2J", "a\r\nb\rc"].map { history.record($0) }
        #expect(kept == [false, true, false, false, true])
        #expect(history.entries.first == "a\nb\nc")
        #expect(ClipboardHistory.label(of: "  one   two\tthree four five") == "“one two three …”")
    }

    @Test func nothingIsKeptFromNorOfferedIntoAPasswordField() {
        var s = session()
        _ = s.handle(.copied("before"), at: t0)
        _ = s.handle(.field(.password, before: nil, moved: true), at: t0)
        #expect(s.typing.clips.isEmpty && !s.picture.offersClips)
        _ = s.handle(.copied("hunter2"), at: t0)
        #expect(s.clipboard?.entries == ["before"], "a copy made in a password field is not kept")
        _ = s.handle(.field(.prose, before: "", moved: true), at: t0)
        #expect(s.typing.clips == ["before"])
    }

    @Test func aKioskOrClipboardOffKeepsNothing() {
        for s0 in [session(kiosk: true), session(clipboard: false)] {
            var s = s0
            _ = s.handle(.copied("someone's text"), at: t0)
            #expect(s.clipboard == nil && s.typing.clips.isEmpty)
        }
        var options = Session.Options()
        options.clipboard = true
        options.kiosk = true
        #expect(!options.keepsClipboard)
        var kiosk = SettingsLayer()
        kiosk[.kiosk] = true
        kiosk[.clipboard] = true
        #expect(!Settings(commandLine: kiosk).watchesClipboard && Settings().watchesClipboard)
        #expect(!Settings(commandLine: SettingsLayer().forGreeter()).watchesClipboard)
    }

    @Test func forgetClearsTheCopies() {
        var s = session()
        _ = s.handle(.copied("one"), at: t0)
        let forgot = s.handle(.request(.forget), at: t0)
        #expect(forgot.contains(.redrawAccessory) && forgot.contains(.forgetLearned))
        #expect(s.clipboard?.entries == [] && s.typing.clips.isEmpty)
    }
}
