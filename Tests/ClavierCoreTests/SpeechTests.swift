import ClavierBuiltins
import Testing
@testable import ClavierCore

/// A keyboard that speaks (issue 50): the names keys are spoken by, and the prompts switch
/// scanning's highlight gives as it moves (`Effect.speak`), in the layout's language; none
/// with speech off.
@Suite struct SpeechTests {
    let t0 = ContinuousClock.now

    func session(speech: Bool, layout: Layout = Layout.us.offering(suggestions: 0), switches: Int = 2) -> Session {
        var options = Session.Options()
        options.scanSwitches = switches
        options.scanInterval = switches == 1 ? .milliseconds(1000) : nil
        options.speech = speech
        return Session(keyboard: Keyboard(layout: layout, size: Size(width: 1000, height: 300)), options: options, at: t0)
    }

    func spoken(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .speak(let text, _) = $0 { text } else { nil } }
    }

    /// A switch pressed and let go: its prompts.
    func press(_ index: Int, _ s: inout Session) -> [String] {
        spoken(s.handle(.switchKey(index, down: true), at: t0) + s.handle(.switchKey(index, down: false), at: t0))
    }

    @Test func keysAreCalledByWhatTheyDoOrShow() throws {
        let keyboard = Keyboard(layout: Layout.us, size: Size(width: 1000, height: 300))
        func name(_ id: String, page: String = "letters") throws -> String {
            let key = try #require(Layout.us.page(id: page)?.key(id: id), "no \(id)")
            return SpokenName.of(key, on: keyboard)
        }
        #expect(try name("q") == "q")
        #expect(try name("shift") == "shift")
        #expect(try name("backspace") == "backspace")
        #expect(try name("return") == "return")
        #expect(try name("space") == "space")
        #expect(try name("hide") == "hide keyboard")
        #expect(try name("page-numbers") == "numbers")
        #expect(SpokenName.of(text: "é") == "e acute")
        #expect(SpokenName.of(text: "É") == "capital e acute")
        #expect(SpokenName.of(text: "ñ") == "n tilde")
        #expect(SpokenName.of(text: "ß") == "sharp s")
        // Vietnamese: a vowel's own mark, then its tone (issue 51).
        #expect(SpokenName.of(text: "ư") == "u horn")
        #expect(SpokenName.of(text: "ả") == "a hook above")
        #expect(SpokenName.of(text: "ỵ") == "y dot below")
        #expect(SpokenName.of(text: "ệ") == "e circumflex dot below")
        #expect(SpokenName.of(text: "Ờ") == "capital o horn grave")
        #expect(SpokenName.of(text: "ẵ") == "a breve tilde")
        #expect(SpokenName.of(text: "Q") == "capital q")
        #expect(SpokenName.of(text: ",") == "comma")
        #expect(SpokenName.of(text: "7") == "7")
        #expect(SpokenName.of(text: "ж") == "ж", "another script's letter is the voice's to say")
        #expect(SpokenName.of(text: "hello") == "hello", "a word is said as written")
        #expect(SpokenName.of(KeySym.left) == "left arrow")
    }

    /// Two switches: the first row, then each step and select says where the highlight went,
    /// in English for `us`; a key latched by Shift is named as it now shows.
    @Test func eachHighlightIsSpokenOnceAsItMoves() {
        var s = session(speech: true)
        let first = s.handle(.tick, at: t0)
        #expect(first.contains(.speak("q to p", language: "en")), "\(first)")
        #expect(spoken(s.handle(.tick, at: t0)).isEmpty, "nothing moved: nothing said again")
        #expect(press(0, &s) == ["a to l"])
        #expect(press(0, &s) == ["shift to backspace"])
        #expect(press(1, &s) == ["shift"])
        #expect(press(0, &s) == ["z"])
        #expect(press(0, &s) == ["x"])
        // Back to the keys' row, then Shift selected: the letters are capitals now.
        for _ in 0..<6 { _ = press(0, &s) }
        #expect(press(0, &s) == ["shift to backspace"], "a round of the keys goes back to its row")
        #expect(press(1, &s) == ["shift"])
        #expect(press(1, &s).last == "capital q to capital p", "Shift latched: scanning starts again from the first row")
    }

    /// With speech on the bar ends in Save and Speak before the gear (SpeakCellTests): with no
    /// words they are the last row, said by name.
    @Test func theBarsRowSaysItsWordsThenSaveSpeakAndTheGear() {
        var s = session(speech: true, layout: Layout.us.offering(suggestions: 3))
        let ends = Scanner.rows(of: s.picture).last ?? []
        #expect(ScanPrompt.text(ofRow: ends, on: s.picture) == "the bar: save phrase, speak, settings")
        let words = s.handle(.completions(["the", "I", "if"], correction: nil), at: t0)
        #expect(spoken(words) == ["the bar: the, I, if, save phrase, speak, settings"], "\(words)")
        #expect(press(1, &s) == ["the"])
        #expect(press(0, &s) == ["I"])
    }

    @Test func theVoiceSpeaksTheLayoutsLanguage() {
        var layout = Layout.us.offering(suggestions: 0)
        layout.options.language = "de"
        var s = session(speech: true, layout: layout)
        #expect(s.handle(.tick, at: t0).contains(.speak("q to p", language: "de")))
    }

    @Test func oneSwitchsClockSpeaksEachStepAndAPauseSaysNothing() {
        var s = session(speech: true, switches: 1)
        #expect(spoken(s.handle(.tick, at: t0)) == ["q to p"])
        #expect(spoken(s.handle(.tick, at: t0 + .milliseconds(1000))) == ["a to l"])
        var step = 2
        while s.scan?.scanner.position != .paused, step < 100 {
            #expect(spoken(s.handle(.tick, at: t0 + .milliseconds(1000 * step))).count == (s.scan?.scanner.position == .paused ? 0 : 1))
            step += 1
        }
        #expect(s.scan?.scanner.position == .paused)
        #expect(spoken(s.handle(.tick, at: t0 + .milliseconds(1000 * step))).isEmpty, "nothing said once paused")
    }

    /// A voice that tells when a prompt ends holds the one switch's clock until it has: the
    /// highlight steps at the end, however late, never before the interval; ten seconds at most.
    @Test func aPacedVoiceHoldsTheClockUntilThePromptEnds() {
        var options = Session.Options()
        options.scanSwitches = 1
        options.scanInterval = .milliseconds(1000)
        options.speech = true
        options.speechPaced = true
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 0), size: Size(width: 1000, height: 300)),
                        options: options, at: t0)
        #expect(spoken(s.handle(.tick, at: t0)) == ["q to p"])
        #expect(s.nextDeadline(after: t0) == t0 + HighlightVoice.longestPrompt, "held: no tick at the interval")
        #expect(spoken(s.handle(.tick, at: t0 + .milliseconds(1000))).isEmpty)
        #expect(s.scan?.scanner.position == .row(0))
        #expect(spoken(s.handle(.spoken, at: t0 + .milliseconds(1500))) == ["a to l"], "said: the late step comes at once")
        #expect(s.scan?.scanner.position == .row(1))
        // Said before the interval: the step waits for the interval.
        #expect(spoken(s.handle(.spoken, at: t0 + .milliseconds(1700))).isEmpty)
        #expect(s.nextDeadline(after: t0 + .milliseconds(1700)) == t0 + .milliseconds(2500))
        #expect(spoken(s.handle(.tick, at: t0 + .milliseconds(2500))) == ["shift to backspace"])
        // A voice that never tells: the clock goes on after the longest prompt.
        let late = t0 + .milliseconds(2500) + HighlightVoice.longestPrompt
        #expect(spoken(s.handle(.tick, at: late)).count == 1)
        #expect(s.scan?.scanner.position == .row(3))
    }

    /// `--speech-echo`: the key a switch typed is said whole, before the highlight's prompt,
    /// said again; a word of the bar as the word; nothing in a private field.
    @Test func echoSaysWhatWasTypedThenTheHighlightAgain() {
        var options = Session.Options()
        options.scanSwitches = 2
        options.speech = true
        options.speechEcho = true
        options.fieldsTold = true
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 0), size: Size(width: 1000, height: 300)),
                        options: options, at: t0)
        _ = s.handle(.field(.prose, before: "", moved: true), at: t0)
        _ = s.handle(.tick, at: t0)
        _ = press(0, &s)  // a to l
        _ = press(1, &s)  // a
        let down = s.handle(.switchKey(1, down: true), at: t0)
        #expect(spoken(down) == ["q to p"])
        let up = s.handle(.switchKey(1, down: false), at: t0)
        #expect(up.filter { if case .echo = $0 { true } else if case .speak = $0 { true } else { false } }
                == [.echo("a", language: "en"), .speak("q to p", language: "en")], "\(up)")
        _ = s.handle(.field(.password, before: "", moved: true), at: t0)
        _ = press(1, &s)  // q
        let typed = s.handle(.switchKey(1, down: true), at: t0) + s.handle(.switchKey(1, down: false), at: t0)
        #expect(typed.contains { if case .type = $0 { true } else { false } }, "typed into the password field")
        #expect(!typed.contains { if case .echo = $0 { true } else { false } }, "but not said")
    }

    /// Dwell: the key the pointer comes to rest on is said once, as it arrives; off the keys, nothing.
    @Test func dwellSaysTheKeyUnderThePointerOnce() {
        var options = Session.Options()
        options.dwell = .milliseconds(800)
        options.speech = true
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 0), size: Size(width: 1000, height: 300)),
                        options: options, at: t0)
        let q = s.keyboard.centre(of: "q"), w = s.keyboard.centre(of: "w")
        #expect(s.handle(.hover(q), at: t0).contains(.speak("q", language: "en")))
        #expect(spoken(s.handle(.hover(Point(x: q.x + 2, y: q.y)), at: t0 + .milliseconds(100))).isEmpty, "still on q")
        #expect(spoken(s.handle(.tick, at: t0 + .milliseconds(900))).isEmpty, "pressed, not said again")
        #expect(spoken(s.handle(.hover(w), at: t0 + .milliseconds(1000))) == ["w"])
        #expect(spoken(s.handle(.hover(nil), at: t0 + .milliseconds(1100))).isEmpty)
        #expect(spoken(s.handle(.hover(w), at: t0 + .milliseconds(1200))) == ["w"], "back on it: said again")
    }

    @Test func nothingIsSpokenWithSpeechOff() {
        var s = session(speech: false)
        var effects = s.handle(.tick, at: t0)
        for index in [0, 0, 1, 0, 1] {
            effects += s.handle(.switchKey(index, down: true), at: t0) + s.handle(.switchKey(index, down: false), at: t0)
        }
        #expect(spoken(effects).isEmpty)
        #expect(s.voice == nil)
    }
}
