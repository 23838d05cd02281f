import ClavierBuiltins
import Testing
@testable import ClavierCore

/// The Speak and Save keys in the session (Session+Phrases.swift): Speak says the sentence
/// before the caret, whole, with speech on only, and holds the scan's clock; Save adds it to
/// the phrase bank, which the bar offers at a sentence's start; the settings page's Speech
/// cell makes the voice come and go (`SessionEvent.voice`).
@Suite struct SpeakKeyTests {
    let t0 = ContinuousClock.now

    /// `us` with a row of a Speak and a Save key under its letters.
    static let layout: Layout = {
        let us = Layout.us.offering(suggestions: 3)
        let pages = us.pages.map { page in
            page.id != "letters" ? page : Page(id: page.id, rows: page.rows + [Row([
                Key(id: "speak", label: .text("Speak"), action: .speak, keyClass: .function),
                Key(id: "save", label: .text("Save"), action: .savePhrase, keyClass: .function),
            ])])
        }
        return Layout(id: "aac", pages: pages, options: us.options)
    }()

    func session(speech: Bool, paced: Bool = false, switches: Int = 0, kiosk: Bool = false, phrases: Phrases = Phrases()) -> Session {
        var options = Session.Options()
        options.speech = speech
        options.speechPaced = paced
        options.scanSwitches = switches
        options.scanInterval = switches == 1 ? .milliseconds(500) : nil
        options.kiosk = kiosk
        options.phrases = phrases
        var s = Session(keyboard: Keyboard(layout: Self.layout, size: Size(width: 1000, height: 360)), options: options, at: t0)
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        return s
    }

    func tap(_ s: inout Session, _ id: String, at now: ContinuousClock.Instant? = nil) -> [Effect] {
        let p = s.keyboard.centre(of: id)
        return s.handle(.input(.press(p, pointer: 0)), at: now ?? t0) + s.handle(.input(.release(p, pointer: 0)), at: now ?? t0)
    }

    func type(_ s: inout Session, _ text: String) {
        for c in text { _ = tap(&s, c == " " ? "space" : c == "." ? "period" : String(c)) }
    }

    func said(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .sayTyped(let text, _) = $0 { text } else { nil } }
    }

    @Test func speakSaysTheSentenceBeforeTheCaretWholeInTheLayoutsLanguage() {
        var s = session(speech: true)
        _ = s.handle(.field(.unknown, before: "Hello there. How are you", moved: true), at: t0)
        let effects = tap(&s, "speak")
        #expect(effects.contains(.sayTyped("How are you", language: "en")), "\(effects)")
        #expect(!effects.contains { if case .type = $0 { true } else { false } }, "Speak types nothing")
        #expect(!effects.contains(.speakSentence), "the session takes the key's effect")
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        #expect(said(tap(&s, "speak")).isEmpty, "no sentence, nothing said")
    }

    @Test func withSpeechOffOrInAPasswordFieldNothingIsSaid() {
        var off = session(speech: false)
        _ = off.handle(.field(.unknown, before: "hi", moved: true), at: t0)
        #expect(said(tap(&off, "speak")).isEmpty)
        var on = session(speech: true)
        _ = on.handle(.field(.password, before: "secret", moved: true), at: t0)
        #expect(said(tap(&on, "speak")).isEmpty)
        #expect(!tap(&on, "save").contains { if case .keepPhrase = $0 { true } else { false } })
    }

    /// One switch, a voice that tells ends: the clock waits for what Speak says as for a prompt.
    @Test func scanningWaitsWhileSpeakSpeaks() {
        var s = session(speech: true, paced: true, switches: 1)
        _ = s.handle(.field(.unknown, before: "I am here", moved: true), at: t0)
        _ = s.handle(.spoken, at: t0)
        let effects = tap(&s, "speak", at: t0 + .milliseconds(100))
        #expect(said(effects) == ["I am here"])
        #expect(s.voice?.heldUntil != nil, "held until the voice says it ended")
        let late = t0 + .seconds(3)
        #expect(s.aids.scanDeadline.map { $0 > late } == true, "no step while it speaks")
        let said = s.handle(.spoken, at: late)
        #expect(said.contains { if case .speak = $0 { true } else { false } }, "said: the scan steps, its next prompt said: \(said)")
    }

    @Test func saveKeepsTheSentenceAndTheBarOffersItAtTheNextStart() {
        var s = session(speech: false, phrases: Phrases.parse("Yes please\n").phrases)
        #expect(s.typing.completions == ["Yes please"], "the field is empty: the phrases")
        _ = s.handle(.field(.unknown, before: "See you at six. ", moved: true), at: t0)
        let saved = tap(&s, "save")
        #expect(saved.contains(.keepPhrase("See you at six.")), "\(saved)")
        #expect(s.phrases.phrases == ["Yes please", "See you at six."])
        #expect(!tap(&s, "save").contains(.keepPhrase("See you at six.")), "kept once")
        _ = s.handle(.completions(["I", "the"]), at: t0)
        #expect(s.typing.completions == ["Yes please", "See you at six.", "I"])
        var kiosk = session(speech: false, kiosk: true)
        _ = kiosk.handle(.field(.unknown, before: "A stranger's words.", moved: true), at: t0)
        #expect(!tap(&kiosk, "save").contains { if case .keepPhrase = $0 { true } else { false } }, "a kiosk keeps nothing typed")
    }

    @Test func anAbbreviationsExpansionIsOfferedFirstAndATapReplacesIt() {
        var s = session(speech: false, phrases: Phrases.parse("afaik = as far as I know\n").phrases)
        type(&s, "so afaik")
        _ = s.handle(.completions(["afaik"]), at: t0)
        #expect(s.typing.completions == ["as far as I know", "afaik"])
        let bar = s.keyboard.accessory!.rect(of: .completion(0))!
        let p = Point(x: bar.midX, y: bar.midY)
        let taken = s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
        let typed = taken.compactMap { if case .type(let sym, _) = $0 { sym } else { nil } }
        #expect(Array(typed.prefix(5)) == Array(repeating: KeySym.backSpace, count: 5), "\(typed)")
        #expect(s.typing.context.before == "so as far as I know ", "\(s.typing.context.before)")
    }

    /// The page's Speech cell: the app makes the voice and says so; the highlight is said at
    /// once, and nothing after the voice is gone.
    @Test func theVoiceComesAndGoesWithTheSettingsPage() {
        var s = session(speech: false, switches: 2)
        #expect(!s.handle(.tick, at: t0).contains { if case .speak = $0 { true } else { false } })
        let on = s.handle(.voice(paced: true), at: t0)
        #expect(on.contains(.speak("q to p", language: "en")), "\(on)")
        #expect(s.voice?.paced == true)
        _ = s.handle(.voice(paced: nil), at: t0)
        let stepped = s.handle(.switchKey(0, down: true), at: t0) + s.handle(.switchKey(0, down: false), at: t0)
        #expect(!stepped.contains { if case .speak = $0 { true } else { false } }, "\(stepped)")
    }
}
