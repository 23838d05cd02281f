import ClavierBuiltins
import Testing
@testable import ClavierCore

/// The suggestion bar's behaviour in the reducer: taking a word, its space before
/// punctuation, a sentence's Shift, and what is (never) kept.
@Suite struct SuggestionsTests {
    let t0 = ContinuousClock.now
    let size = Size(width: 1000, height: 300)

    func keyboard(_ capitalize: CapitalizeMode = .prose, field: FieldKind = .prose, before: String? = "",
                  slots: Int = 3) -> TypingKeyboard {
        var k = TypingKeyboard(Keyboard(layout: Layout.us.offering(suggestions: slots), size: size), capitalize: capitalize)
        _ = k.focusMoved(to: field, before: before, at: t0 - .seconds(10))
        return k
    }
    func tap(_ k: inout TypingKeyboard, _ id: String) -> [Effect] {
        let p = center(k.geometry.frame(id: id)!.rect)
        return k.handle(.press(p), at: t0) + k.handle(.release(p), at: t0 + .milliseconds(50))
    }
    func take(_ k: inout TypingKeyboard, _ slot: Int) throws -> [Effect] {
        let p = center(try #require(k.accessory?.rect(of: .completion(slot))))
        return k.handle(.press(p), at: t0) + k.handle(.release(p), at: t0 + .milliseconds(50))
    }
    func center(_ r: Rect) -> Point { Point(x: r.midX, y: r.midY) }
    func typed(_ effects: [Effect]) -> String {
        var out = ""
        for case .type(let sym, _) in effects {
            out += sym == .backSpace ? "⌫" : sym.scalar.map { String(Character($0)) } ?? "?"
        }
        return out
    }
    func typeWord(_ k: inout TypingKeyboard, _ word: String) -> [Effect] {
        word.flatMap { tap(&k, $0 == " " ? "space" : String($0)) }
    }

    @Test func theBarHasAsManySlotsAsAskedAndNoneAtZero() {
        #expect(keyboard(slots: 5).accessory?.slots == 5)
        #expect(keyboard(slots: 1).accessory?.cells.count == 1)
        #expect(Layout.us.offering(suggestions: 0).options.accessory.isEmpty)
        var k = keyboard(slots: 2)
        _ = k.setCompletions(["a", "b", "c"])
        #expect(k.completions == ["a", "b"])
    }

    @Test func aSuggestionTypesTheRestAndASpaceAndPunctuationTakesTheSpaceBack() throws {
        var k = keyboard(.never)
        _ = typeWord(&k, "hel")
        _ = k.setCompletions(["hello", "help"])
        #expect(typed(try take(&k, 0)) == "lo ")
        #expect(k.context.before == "hello ")
        #expect(typed(tap(&k, "page-numbers")) == "")
        #expect(typed(tap(&k, ",")) == "⌫,", "a comma right after the suggestion's space takes it back")
        #expect(k.context.before == "hello,")
        _ = tap(&k, "space")
        #expect(typed(tap(&k, ".")) == ".", "a space the user typed stays")
    }

    @Test func onlyTheMarkRightAfterTheSuggestionTakesItsSpaceBack() throws {
        var k = keyboard(.never)
        _ = typeWord(&k, "he")
        _ = k.setCompletions(["hello"])
        _ = try take(&k, 0)
        #expect(typed(tap(&k, "w")) == "w")
        _ = tap(&k, "page-numbers")
        #expect(typed(tap(&k, ".")) == ".")
    }

    @Test func aSuggestionThatDoesNotGoOnFromTheWordReplacesIt() throws {
        var k = keyboard(.never)
        _ = typeWord(&k, "teh")
        _ = k.setCompletions(["the"])
        #expect(typed(try take(&k, 0)) == "⌫⌫⌫the ")
        #expect(k.context.before == "the ")
    }

    @Test func aSentenceStartsWithALatchedShiftInAProseField() throws {
        var k = keyboard(.prose)
        #expect(k.shift == .latched, "the field's start")
        #expect(typed(tap(&k, "h")) == "H")
        #expect(k.shift == .off)
        _ = typeWord(&k, "i")
        _ = tap(&k, "page-numbers")
        _ = tap(&k, ".")
        #expect(k.shift == .off, "no space after the full stop yet")
        _ = tap(&k, "space")
        #expect(k.shift == .off, "the numbers page has no Shift to latch")
        _ = tap(&k, "page-letters")
        #expect(k.shift == .latched, "a new sentence")
        _ = tap(&k, "backspace")
        #expect(k.shift == .off, "BackSpace over the space takes the Shift back")
    }

    @Test func aSentenceMayStartInsideAnOpeningQuoteOrBracket() {
        for before in ["Yes. \"", "Yes. “", "Yes.\n(", "\"Hi.\" ", "Hi (yes). ", "\"", "¡Sí! ¿", "Yes! «"] {
            #expect(keyboard(.prose, before: before).shift == .latched, "after \(before)")
        }
        for before in ["He said \"", "built for \"", "It is \"x\" ", "don'", "Yes.\"", "Yes. \"a"] {
            #expect(keyboard(.prose, before: before).shift == .off, "after \(before)")
        }
        // Typed through the keys: the quote is on the numbers page, and the letters page comes back shifted.
        var k = keyboard(.prose, before: "Yes. ")
        _ = tap(&k, "page-numbers")
        #expect(typed(tap(&k, "\"")) == "\"")
        #expect(typed(tap(&k, "page-letters") + tap(&k, "w")) == "W")
    }

    @Test(arguments: [FieldKind.unknown, .terminal, .password, .email, .url, .telephone, .number])
    func noShiftWhereTheFieldIsNotProseOrSaysNothing(field: FieldKind) {
        var k = keyboard(.prose, field: field)
        #expect(k.shift == .off)
        _ = typeWord(&k, "ok")
        _ = tap(&k, "page-numbers")
        _ = tap(&k, ".")
        _ = tap(&k, "space")
        #expect(k.shift == .off)
        #expect(typed(tap(&k, "page-letters") + tap(&k, "w")) == "w")
    }

    @Test func alwaysCapitalisesFieldsThatSayNothingButNeverTerminalsOrPasswords() {
        #expect(keyboard(.always, field: .unknown, before: nil).shift == .off, "the start of a field that says nothing is unknown")
        #expect(keyboard(.always, field: .unknown, before: "Hi. ").shift == .latched)
        #expect(keyboard(.always, field: .terminal, before: "Hi. ").shift == .off)
        #expect(keyboard(.never, field: .prose, before: "").shift == .off)
    }

    @Test func aPasswordFieldKeepsNothing() throws {
        var k = keyboard(field: .password, before: "secret")
        #expect(k.context.before == "", "the bus's text of a password field is not taken")
        _ = typeWord(&k, "hunter")
        #expect(k.context.before == "" && k.context.pending == "")
        #expect(k.commitTyped() == "")
    }

    @Test func theContextIsForgottenWhenTheCaretMovesAwayAndTheBusTextIsTakenWhenQuiet() {
        var k = keyboard(.never)
        _ = typeWord(&k, "abc")
        _ = tap(&k, "backspace")
        #expect(k.context.before == "ab")
        _ = k.caretMoved(before: "older", at: t0 + .milliseconds(100))
        #expect(k.context.before == "ab", "a report just after typing may be older than the keys")
        _ = k.caretMoved(before: "Text from the field", at: t0 + .seconds(1))
        #expect(k.context.before == "Text from the field")
        #expect(k.context.pending == "ab", "only what was typed is learned, never the field's text")
        _ = k.forgetContext()
        #expect(k.context.before == "")
        #expect(k.commitTyped() == "ab")
        #expect(k.commitTyped() == "")
    }

    @Test func aWordLeftBegunIsNotLearnedButOneEndedByReturnIs() {
        var c = TypingContext()
        c.field = .prose
        c.follow(KeySym.sequence(typing: "see you tomor").map { .type($0, modifiers: []) }, at: t0)
        #expect(c.commit(complete: false) == "see you ")
        c.follow(KeySym.sequence(typing: "ok").map { .type($0, modifiers: []) }, at: t0)
        #expect(c.commit(complete: true) == "ok")
    }

    @Test func aShortcutOrAnArrowForgetsTheText() {
        var c = TypingContext()
        c.field = .prose
        c.follow([.type(KeySym(scalar: "a"), modifiers: [])], at: t0)
        c.follow([.type(KeySym(scalar: "b"), modifiers: .control)], at: t0)
        #expect(c.before == "")
        c.follow([.type(KeySym(scalar: "a"), modifiers: []), .type(.left, modifiers: [])], at: t0)
        #expect(c.before == "")
        c.follow([.type(KeySym(scalar: "x"), modifiers: []), .type(.return, modifiers: [])], at: t0)
        #expect(c.before == "x\n" && c.atSentenceStart)
    }

    @Test func theContextIsBounded() {
        var c = TypingContext()
        c.field = .prose
        let many = [Effect](repeating: .type(KeySym(scalar: "a"), modifiers: []), count: 10_000)
        c.follow(many, at: t0)
        #expect(c.before.unicodeScalars.count <= TypingContext.keptScalars * 2)
        #expect(c.pending.unicodeScalars.count <= TypingContext.pendingScalars)
    }

    @Test func thePartialWordIsTheLettersAndApostrophesAtTheEnd() {
        var c = TypingContext()
        c.field = .prose
        #expect(c.partialWord == "" && !c.endsInWord)
        c.adopt("l'été, l'hiv", at: t0)
        #expect(c.partialWord == "l'hiv" && c.endsInWord)
        c.adopt("so 👍", at: t0)
        #expect(c.partialWord == "" && !c.endsInWord)
        c.adopt("naïve", at: t0)
        #expect(c.partialWord == "naïve" && c.endsInWord)
        c.adopt("two words ", at: t0)
        #expect(c.partialWord == "" && !c.endsInWord)
    }

    @Test func suggestionsTakeTheCaseOfWhatWasTyped() {
        var c = TypingContext()
        c.field = .prose
        c.capitalize = .prose
        c.adopt("I met Th", at: t0)
        #expect(c.cased(["the", "thanks", "The"]) == ["The", "Thanks"])
        c.adopt("I met TH", at: t0)
        #expect(c.cased(["the"]) == ["THE"])
        c.adopt("I met th", at: t0)
        #expect(c.cased(["the", "Thomas"]) == ["the", "Thomas"], "the model's own capitals stand")
        c.adopt("Done. ", at: t0)
        #expect(c.cased(["the", "i"]) == ["The", "I"], "a sentence's first word")
        c.adopt("so ", at: t0)
        #expect(c.cased(["I", "we"]) == ["I", "we"])
        // Where no Shift would latch (a terminal), a sentence's start keeps the model's case.
        c.field = .terminal
        c.adopt("Done. ", at: t0)
        #expect(c.cased(["the", "I"]) == ["the", "I"], "no capital where Shift would not latch")
    }

    @Test func theKeymapsLanguage() {
        #expect(PredictionLanguage.code(xkbLayout: "us") == "en")
        #expect(PredictionLanguage.code(xkbLayout: "gb") == "en")
        #expect(PredictionLanguage.code(xkbLayout: "de") == "de")
        #expect(PredictionLanguage.code(xkbLayout: "ch") == "de")
        #expect(PredictionLanguage.code(xkbLayout: "fr") == "fr")
        #expect(PredictionLanguage.code(xkbLayout: "es") == "es")
        #expect(PredictionLanguage.code(xkbLayout: "latam") == "es")
        #expect(PredictionLanguage.code(xkbLayout: "ru") == "ru")
        // Issue 51's languages: a keymap named for a country finds its language's model.
        #expect(PredictionLanguage.code(xkbLayout: "cz") == "cs")
        #expect(PredictionLanguage.code(xkbLayout: "gr") == "el")
        #expect(PredictionLanguage.code(xkbLayout: "ir") == "fa")
        #expect(PredictionLanguage.code(xkbLayout: "se") == "sv")
        #expect(PredictionLanguage.code(xkbLayout: "no") == "nb")
        #expect(PredictionLanguage.code(xkbLayout: "br") == "pt")
        #expect(PredictionLanguage.code(xkbLayout: "ca") == "fr", "Canada's keymap, not Catalan")
        #expect(PredictionLanguage.code(xkbLayout: "tr") == "tr")
        #expect(PredictionLanguage.code(xkbLayout: "tr(f)") == "tr")
    }

    @Test func aScriptsLettersNameItsLanguage() {
        #expect(PredictionLanguage.of(letters: Array("ςερτυθιοπ")) == "el")
        #expect(PredictionLanguage.of(letters: Array("йцукенгшщзхїфівапролджє")) == "uk")
        #expect(PredictionLanguage.of(letters: Array("љњертѕуиопшѓ")) == "mk")
        #expect(PredictionLanguage.of(letters: Array("ضصثقفغعهخحجچگکمنتالبیسشپ")) == "fa")
        #expect(PredictionLanguage.of(letters: Array("ضصثقفغعهخحجد")) == "ar")
        #expect(PredictionLanguage.of(letters: Array("קראטוןםפ")) == "he")
        #expect(PredictionLanguage.of(letters: Array("ौैाीूबहगदजड")) == "hi")
        #expect(PredictionLanguage.of(letters: Array("ㅂㅈㄷㄱㅅㅛㅕㅑ")) == "ko")
        #expect(PredictionLanguage.of(letters: Array("йцукен")) == "ru")
    }

    /// One rule for the suggestions, glide and autocorrection (issue 35): the layout's own
    /// language, else the keymap group's, else (a script that names neither) the letters'.
    @Test func oneLanguageRuleForEveryPartThatNeedsWords() {
        var german = Layout.us
        german.options.language = "de"
        #expect(PredictionLanguage.of(german, keymap: "ru", letters: ["q", "w"]) == "de")
        #expect(PredictionLanguage.of(.us, keymap: "ru", letters: Array("qwertzuiopüasdfghjklöä")) == "ru")
        #expect(PredictionLanguage.of(.us, keymap: nil, letters: Array("qwertzuiopüasdfghjklöä")) == "de")
        #expect(PredictionLanguage.of(.us, keymap: nil, letters: Array("йцукен")) == "ru")
        #expect(PredictionLanguage.of(.us, keymap: nil) == "en")
    }

    @Test func aNewLayoutGoesOnWithTheSameField() {
        var options = Session.Options()
        options.capitalize = .prose
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 3), size: size), options: options, at: t0)
        _ = s.handle(.field(.prose, before: "Hi ", moved: true), at: t0 - .seconds(10))
        for id in ["y", "o"] {
            let p = center(s.keyboard.geometry.frame(id: id)!.rect)
            _ = s.handle(.input(.press(p)), at: t0)
            _ = s.handle(.input(.release(p)), at: t0 + .milliseconds(50))
        }
        _ = s.handle(.keyboardReady(Keyboard(layout: Layout.us, size: size), .request("us")), at: t0 + .seconds(1))
        let next = s.typing.context
        #expect(next.before == "Hi yo" && next.field == .prose && next.capitalize == .prose)
    }
}
