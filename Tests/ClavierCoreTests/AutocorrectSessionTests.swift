import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Autocorrection in the session (issue 36, Typing+Correction.swift): the word's taps are kept
/// while keys type it, the host's correction is offered first on the bar, a key that ends the
/// word types it over the letters, BackSpace right after takes it back, and none of it happens
/// where `--autocorrect` says no or in a private field.
@Suite struct AutocorrectSessionTests {
    let t0 = ContinuousClock.now

    func session(_ mode: CapitalizeMode = .always, field: FieldKind = .unknown) -> Session {
        var options = Session.Options()
        options.autocorrect = mode
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 3), size: Size(width: 1000, height: 300)),
                        options: options, at: t0)
        _ = s.handle(.field(field, before: "", moved: true), at: t0)
        return s
    }

    func point(_ s: Session, _ c: Character) -> Point {
        let id = c == " " ? "space" : c == "\n" ? "return" : c == "\u{8}" ? "backspace" : String(c)
        return s.keyboard.centre(of: id)
    }

    func type(_ s: inout Session, _ text: String) -> [Effect] {
        text.flatMap { c -> [Effect] in
            let p = point(s, c)
            return s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
        }
    }

    func typed(_ text: String) -> [Effect] { KeySym.sequence(typing: text).map { .type($0, modifiers: []) } }
    let backSpace = Effect.type(.backSpace, modifiers: [])

    @Test func aSlipIsCorrectedAtSpaceWithExactlyTheseKeys() {
        var s = session()
        _ = type(&s, "tge")
        // The taps are the word before the caret, each with where its press landed.
        #expect(s.typing.correctable?.taps == [WordTap("t", at: point(s, "t")), WordTap("g", at: point(s, "g")), WordTap("e", at: point(s, "e"))])
        #expect(s.typing.correctable?.before == "")
        let offered = s.handle(.completions(["tgif", "the"], correction: "the"), at: t0)
        #expect(offered.contains(.redrawAccessory))
        // The correction first, highlighted; the letters typed one tap away.
        #expect(s.typing.completions == ["the", "tge", "tgif"])
        #expect(s.picture.correcting)
        let ended = type(&s, " ")
        #expect(ended.filter(\.isTyping) == [backSpace, backSpace, backSpace] + typed("the "), "\(ended)")
        #expect(s.typing.context.before == "the ")
        #expect(s.typing.taps.isEmpty && s.typing.correction == nil)
    }

    @Test func punctuationAndReturnEndAWordToo() {
        for ender in [".", "\n"] {
            var s = session()
            _ = type(&s, "i sqw")
            _ = s.handle(.completions([], correction: "saw"), at: t0)
            if ender == "." {
                // Turning to the numbers page types nothing: the word and its taps stay.
                let numbers = s.keyboard.centre(of: "page-numbers")
                _ = s.handle(.input(.press(numbers, pointer: 0)), at: t0)
                _ = s.handle(.input(.release(numbers, pointer: 0)), at: t0)
            }
            let ended = type(&s, ender)
            #expect(ended.filter(\.isTyping) == [backSpace, backSpace, backSpace] + typed("saw" + ender), "\(ended)")
            #expect(s.typing.context.before == "i saw" + ender)
        }
    }

    @Test func backSpaceRightAfterTakesTheCorrectionBackForGood() {
        var s = session()
        _ = type(&s, "tge")
        _ = s.handle(.completions([], correction: "the"), at: t0)
        _ = type(&s, " ")
        let undone = type(&s, "\u{8}")
        #expect(undone.filter(\.isTyping) == Array(repeating: backSpace, count: 4) + typed("tge"), "\(undone)")
        #expect(s.typing.context.before == "tge")
        // Not corrected again there, whatever the host says.
        _ = s.handle(.completions([], correction: "the"), at: t0)
        #expect(s.typing.correction == nil && !s.picture.correcting)
        #expect(type(&s, " ").filter(\.isTyping) == typed(" "))
        #expect(s.typing.context.before == "tge ")
        // A later BackSpace is only a BackSpace.
        #expect(type(&s, "\u{8}").filter(\.isTyping) == [backSpace])
    }

    @Test func noCorrectionInATerminalAPasswordOrWithNever() {
        for (mode, field) in [(CapitalizeMode.prose, FieldKind.terminal), (.always, .password), (.never, .prose), (.prose, .unknown),
                              (.always, .email), (.always, .url), (.always, .number)] {
            var s = session(mode, field: field)
            #expect(!s.typing.corrects, "\(mode) \(field)")
            // A number field shows the digits: nothing to type a word with.
            guard s.keyboard.geometry.frame(id: "t") != nil else { continue }
            _ = type(&s, "tge")
            #expect(s.typing.correctable == nil, "\(mode) \(field)")
            _ = s.handle(.completions([], correction: "the"), at: t0)
            #expect(s.typing.correction == nil, "\(mode) \(field)")
            #expect(type(&s, " ").filter(\.isTyping) == typed(" "), "\(mode) \(field)")
        }
        var prose = session(.prose, field: .prose)
        _ = type(&prose, "tge")
        #expect(prose.typing.correctable != nil)
    }

    @Test func theTapsGoWhenTheFocusOrTheKeyboardChanges() {
        var s = session()
        _ = type(&s, "tge")
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        #expect(s.typing.taps.isEmpty && s.typing.correctable == nil)
        _ = type(&s, "tge")
        _ = s.handle(.activeWindow(WindowIdentity(instance: "xterm", windowClass: "XTerm", title: "")), at: t0)
        #expect(s.typing.taps.isEmpty)
        _ = type(&s, "tge")
        _ = s.handle(.keyboardReady(s.keyboard, .refresh), at: t0)
        #expect(s.typing.taps.isEmpty)
        // BackSpace drops the last tap; a suggestion taken is not corrected.
        _ = type(&s, "tgex\u{8}")
        #expect(s.typing.taps.map(\.character) == ["t", "g", "e"])
    }

    @Test func aSuggestionTakenFromTheBarIsNotCorrected() {
        var s = session()
        _ = type(&s, "tge")
        _ = s.handle(.completions(["tgif"], correction: "the"), at: t0)
        // The letters typed, one tap away: taking them types only the space.
        let cell = s.keyboard.accessory!.cells.first { $0.cell == .completion(1) }!.rect
        let p = Point(x: cell.midX, y: cell.midY)
        let took = s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
        #expect(took.filter(\.isTyping) == typed(" "), "\(took)")
        #expect(s.typing.context.before == "tge ")
    }
}

/// Where `--autocorrect` comes from: the setting, and a kiosk only when its config gives it.
@Suite struct AutocorrectSettingTests {
    @Test func aKioskCorrectsOnlyWhenItsConfigAsks() {
        #expect(Settings().autocorrects == .prose)
        var kiosk = SettingsLayer()
        kiosk[.kiosk] = true
        #expect(Settings(commandLine: kiosk).autocorrects == .never)
        var asked = kiosk
        asked[.autocorrect] = .always
        #expect(Settings(file: asked).autocorrects == .always)
    }
}
