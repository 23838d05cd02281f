import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Issue 23, item 1: a pointer or finger that is no longer delivered to us (another client's
/// grab took it, its device floated away) ends its press as a release that types nothing
/// would: the repeat stops, a long press opens nothing, a popup closes, and the other
/// pointers' presses go on.
@Suite struct LostPointerTests {
    let size = Size(width: 1280, height: 330)
    let t0 = ContinuousClock.now

    func typed(_ effects: [Effect]) -> Int { effects.filter(\.isTyping).count }

    func session() -> Session {
        Session(keyboard: Keyboard(layout: .us, size: size), options: Session.Options(), at: t0)
    }

    /// Ticks every 10 ms for `ms` from `start`; how many keys they typed.
    func ticks(_ s: inout Session, from start: ContinuousClock.Instant, for ms: Int) -> Int {
        stride(from: 10, through: ms, by: 10).reduce(0) { $0 + typed(s.handle(.tick, at: start + .milliseconds($1))) }
    }

    @Test func aLostPointerStopsItsRepeat() {
        var s = session()
        #expect(typed(s.handle(.input(.press(s.keyboard.centre(of: "backspace"))), at: t0)) == 1)
        #expect(ticks(&s, from: t0, for: 1000) > 3, "BackSpace repeats while held")
        let lost = s.handle(.input(.lost(pointer: 0)), at: t0 + .seconds(1))
        #expect(typed(lost) == 0 && lost.contains(.redraw(["backspace"])), "the key is drawn up again")
        #expect(s.keyboard.pressed.isEmpty && s.nextDeadline(after: t0 + .seconds(1)) == nil)
        #expect(ticks(&s, from: t0 + .seconds(1), for: 2000) == 0, "no repeat once the pointer went")
        // The release that comes late (the grab ended) types nothing either.
        #expect(typed(s.handle(.input(.release(s.keyboard.centre(of: "backspace"))), at: t0 + .seconds(4))) == 0)
    }

    @Test func aKeyThatTypesOnReleaseTypesNothingAndOpensNoPopup() {
        var s = session()
        _ = s.handle(.input(.press(s.keyboard.centre(of: "e"))), at: t0)
        #expect(typed(s.handle(.input(.lost(pointer: 0)), at: t0 + .milliseconds(100))) == 0)
        #expect(ticks(&s, from: t0, for: 2000) == 0 && s.keyboard.popup == nil, "no long press")
        #expect(typed(s.handle(.input(.release(s.keyboard.centre(of: "e"))), at: t0 + .seconds(3))) == 0)
    }

    @Test func anOpenPopupClosesTypingNothing() {
        var s = session()
        _ = s.handle(.input(.press(s.keyboard.centre(of: "e"))), at: t0)
        _ = ticks(&s, from: t0, for: 1500)
        let popup = try! #require(s.keyboard.popup)
        let cell = popup.cells[2]
        _ = s.handle(.input(.motion(Point(x: cell.midX, y: cell.midY))), at: t0 + .milliseconds(1600))
        #expect(s.handle(.input(.lost(pointer: 0)), at: t0 + .milliseconds(1700)) == [.redrawAll])
        #expect(s.keyboard.popup == nil && s.keyboard.pressed.isEmpty)
        #expect(typed(s.handle(.input(.release(Point(x: cell.midX, y: cell.midY))), at: t0 + .seconds(2))) == 0)
    }

    @Test func onlyThatPointersPressEnds() {
        var s = session()
        _ = s.handle(.input(.press(s.keyboard.centre(of: "shift"), pointer: 2 << 32 | 1)), at: t0)
        _ = s.handle(.input(.press(s.keyboard.centre(of: "backspace"))), at: t0 + .milliseconds(10))
        _ = s.handle(.input(.lost(pointer: 2 << 32 | 1)), at: t0 + .milliseconds(20))
        #expect(s.keyboard.pressed == [0: "backspace"], "the mouse's press goes on")
        #expect(ticks(&s, from: t0 + .milliseconds(20), for: 1000) > 3, "and repeats")
        _ = s.handle(.input(.lost(pointer: 0)), at: t0 + .seconds(2))
        #expect(s.keyboard.pressed.isEmpty && s.nextDeadline(after: t0 + .seconds(2)) == nil)
    }

    @Test func aLostGlideTypesNoWordAndItsTrailGoes() {
        var options = Session.Options()
        options.glide = true
        var s = Session(keyboard: Keyboard(layout: .us, size: size), options: options, at: t0)
        _ = s.handle(.input(.press(s.keyboard.centre(of: "h"))), at: t0)
        _ = s.handle(.input(.motion(s.keyboard.centre(of: "j"))), at: t0 + .milliseconds(30))
        _ = s.handle(.input(.motion(s.keyboard.centre(of: "k"))), at: t0 + .milliseconds(60))
        #expect(s.keyboard.glideDrag.trace?.gliding == true)
        let lost = s.handle(.input(.lost(pointer: 0)), at: t0 + .milliseconds(90))
        #expect(lost.contains(.redrawTrail) && !lost.contains { if case .decodeGlide = $0 { true } else { false } })
        #expect(s.keyboard.glideDrag.trace == nil && s.keyboard.pressed.isEmpty)
    }

    @Test func aPointerNeverPressedChangesNothing() {
        var s = session()
        #expect(s.handle(.input(.lost(pointer: 0)), at: t0).isEmpty)
    }
}
