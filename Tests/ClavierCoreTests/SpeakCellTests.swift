import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Speak and Save on the bar (issue 50): while speech is on, the bar of any layout with one
/// ends in Save, Speak and the gear, so the shipped layouts speak with no layout of one's own;
/// a tap, a switch or dwell takes them as the layout's `speak` and `save-phrase` keys.
@Suite struct SpeakCellTests {
    let t0 = ContinuousClock.now

    func session(speech: Bool, kiosk: Bool = false, switches: Int = 0, layout: Layout = .us) -> Session {
        var options = Session.Options()
        options.speech = speech
        options.kiosk = kiosk
        options.scanSwitches = switches
        var s = Session(keyboard: Keyboard(layout: layout, size: Size(width: 1000, height: 360)), options: options, at: t0)
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        return s
    }

    func cells(_ s: Session) -> [AccessoryCell] { s.keyboard.accessory?.cells.map(\.cell) ?? [] }

    func tapCell(_ s: inout Session, _ cell: AccessoryCell) throws -> [Effect] {
        let r = try #require(s.keyboard.accessory?.rect(of: cell), "no \(cell) on the bar: \(cells(s))")
        let p = Point(x: r.midX, y: r.midY)
        return s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
    }

    @Test func withSpeechOnTheBarEndsInSaveSpeakAndTheGear() throws {
        let on = session(speech: true)
        #expect(Array(cells(on).suffix(3)) == [.savePhrase, .speak, .settings], "\(cells(on))")
        let bar = try #require(on.keyboard.accessory)
        // Each as wide as the gear, and the words keep the rest.
        #expect(bar.rect(of: .speak)?.width == bar.rect(of: .settings)?.width)
        #expect(bar.rect(of: .savePhrase).map { $0.x + $0.width } ?? 0 <= bar.rect(of: .speak)?.x ?? 0)
        let off = session(speech: false)
        #expect(!cells(off).contains(.speak) && !cells(off).contains(.savePhrase), "\(cells(off))")
        #expect(cells(off).last == .settings)
        // A kiosk keeps no sentence: Speak alone.
        let kiosk = session(speech: true, kiosk: true)
        #expect(cells(kiosk).contains(.speak) && !cells(kiosk).contains(.savePhrase), "\(cells(kiosk))")
    }

    @Test func speakSaysTheSentenceAndSaveKeepsIt() throws {
        var s = session(speech: true)
        _ = s.handle(.field(.unknown, before: "Good morning. I need water", moved: true), at: t0)
        let spoken = try tapCell(&s, .speak)
        #expect(spoken.contains(.sayTyped("I need water", language: "en")), "\(spoken)")
        #expect(!spoken.contains(.speakSentence))
        let saved = try tapCell(&s, .savePhrase)
        #expect(saved.contains(.keepPhrase("I need water")), "\(saved)")
        // At the next sentence's start the bar offers it.
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        _ = s.handle(.completions(["the"], correction: nil), at: t0)
        #expect(s.typing.completions.first == "I need water", "\(s.typing.completions)")
    }

    /// The settings page's Speech cell turns the voice on and off: the cells come and go with it.
    @Test func theCellsFollowTheVoice() {
        var s = session(speech: false)
        _ = s.handle(.voice(paced: false), at: t0)
        #expect(cells(s).suffix(3) == [.savePhrase, .speak, .settings], "\(cells(s))")
        _ = s.handle(.voice(paced: nil), at: t0)
        #expect(!cells(s).contains(.speak), "\(cells(s))")
    }

    /// With no word on the bar, Save, Speak and the gear are the scan's last row, so no letter
    /// costs a step more; the keyboard made again (another layout) keeps them.
    @Test func scanningHasThemAsTheLastRow() throws {
        let s = session(speech: true, switches: 2)
        let rows = Scanner.rows(of: s.picture)
        #expect(rows.last == [.cell(.savePhrase), .cell(.speak), .cell(.settings)], "\(rows)")
        #expect(rows.first?.first == .key("q"), "\(rows)")
        var next = s
        _ = next.handle(.keyboardReady(Keyboard(layout: .us, size: Size(width: 1000, height: 360)), .refresh), at: t0)
        #expect(cells(next).contains(.speak), "\(cells(next))")
        #expect(ScanPrompt.text(ofRow: rows.last!, on: s.picture) == "the bar: save phrase, speak, settings")
    }
}
