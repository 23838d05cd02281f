import ClavierBuiltins
import Testing
@testable import ClavierCore

/// The space bar as a cursor (Keyboard+SpaceCursor.swift) and a long-held BackSpace deleting
/// faster (Keyboard+Pointers.swift), in a session with the injected clock.
@Suite struct SpaceCursorTests {
    let t0 = ContinuousClock.now

    func session() -> Session {
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 3), size: Size(width: 1000, height: 300)),
                        options: Session.Options(), at: t0)
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        return s
    }

    func centre(_ s: Session, _ id: Key.ID) -> Point { s.keyboard.centre(of: id) }

    /// The keysyms `effects` type, in order.
    func typed(_ effects: [Effect]) -> [KeySym] { effects.compactMap { if case .type(let sym, _) = $0 { sym } else { nil } } }

    func type(_ s: inout Session, _ text: String, at now: ContinuousClock.Instant) {
        for c in text {
            let p = centre(s, c == " " ? "space" : String(c))
            _ = s.handle(.input(.press(p, pointer: 0)), at: now)
            _ = s.handle(.input(.release(p, pointer: 0)), at: now)
        }
    }

    /// Presses the space bar, moves by `steps` (dx, dy in key widths and heights, from the
    /// press) and lets go: the keysyms typed at the press, during the drag, and at the lift.
    func drag(_ s: inout Session, _ steps: [(Double, Double)]) -> (press: [KeySym], drag: [KeySym], lift: [KeySym]) {
        let start = centre(s, "space")
        let w = s.keyboard.geometry.unitKeyWidth, h = Double(s.keyboard.geometry.keyHeight)
        let press = typed(s.handle(.input(.press(start, pointer: 1)), at: t0))
        var moved: [KeySym] = []
        var at = start
        for (i, (dx, dy)) in steps.enumerated() {
            at = Point(x: start.x + dx * w, y: start.y + dy * h)
            moved += typed(s.handle(.input(.motion(at, pointer: 1)), at: t0 + .milliseconds(20 * (i + 1))))
            #expect(s.keyboard.pressed[1] == "space" || dy != 0, "the space bar stays pressed while it drags")
        }
        let lift = typed(s.handle(.input(.release(at, pointer: 1)), at: t0 + .seconds(1)))
        return (press, moved, lift)
    }

    @Test func aTapOnSpaceTypesOneSpaceAtThePress() {
        var s = session()
        let (press, moved, lift) = drag(&s, [])
        #expect(press == [.space])
        #expect(moved.isEmpty && lift.isEmpty)
        #expect(s.typing.context.before == " ")
    }

    @Test func aDragRightByAKeyTypesThreeRightsAndTakesTheSpaceBack() {
        var s = session()
        type(&s, "abc", at: t0)
        #expect(s.typing.context.before == "abc")
        let (press, moved, lift) = drag(&s, [(0.2, 0), (0.5, 0.1), (1, 0)])
        #expect(press == [.space])
        #expect(moved == [.backSpace, .right, .right, .right], "the press's space taken back, then a Right per third of a key")
        #expect(lift.isEmpty, "the lift types nothing")
        #expect(s.keyboard.pressed.isEmpty)
        #expect(s.typing.context.before == "", "after the caret moved, the text before it is not known")
        #expect(s.nextDeadline(after: t0 + .seconds(2)) == nil, "no repeat of space left behind")
        #expect(Kiosk.allows(.left, modifiers: []) && Kiosk.allows(.right, modifiers: []), "a kiosk types them too")
    }

    @Test func backLeftTypesLefts() {
        var s = session()
        let (_, moved, _) = drag(&s, [(0.7, 0), (0.1, 0), (-0.4, 0), (-0.7, 0)])
        #expect(moved == [.backSpace, .right, .right, .left, .left, .left, .left])
    }

    @Test func upAndDownTypeNothing() {
        var s = session()
        let (press, moved, lift) = drag(&s, [(0, -0.3), (0.1, -0.5), (0, 0.4)])
        #expect(press == [.space], "the tap's space stays")
        #expect(moved.isEmpty && lift.isEmpty)
    }

    @Test func aSpaceHeldUntilItRepeatsIsNoCursor() {
        var s = session()
        let start = centre(s, "space")
        _ = s.handle(.input(.press(start, pointer: 1)), at: t0)
        #expect(typed(s.handle(.tick, at: t0 + s.keyboard.repeatDelay)) == [.space])
        let far = Point(x: start.x + s.keyboard.geometry.unitKeyWidth, y: start.y)
        #expect(typed(s.handle(.input(.motion(far, pointer: 1)), at: t0 + .seconds(1))).isEmpty)
    }

    @Test func dwellPressesOnSpaceNeverMoveTheCaret() {
        var k = Keyboard(layout: .us, size: Size(width: 1000, height: 300))
        let start = k.centre(of: "space")
        _ = k.handle(.press(start, pointer: DwellAid.pointer), at: t0)
        let far = Point(x: start.x + k.geometry.unitKeyWidth, y: start.y)
        #expect(typed(k.handle(.motion(far, pointer: DwellAid.pointer), at: t0)).isEmpty)
    }

    /// Holds BackSpace from `t0` and gathers what each repeat types until `until`.
    func holdBackSpace(_ s: inout Session, until end: Duration) -> [(at: Duration, typed: [KeySym])] {
        let p = centre(s, "backspace")
        var repeats: [(at: Duration, typed: [KeySym])] = []
        #expect(typed(s.handle(.input(.press(p, pointer: 0)), at: t0)) == [.backSpace])
        while let due = s.nextDeadline(after: t0), due - t0 <= end {
            let out = typed(s.handle(.tick, at: due))
            if !out.isEmpty { repeats.append((due - t0, out)) }
        }
        _ = s.handle(.input(.release(p, pointer: 0)), at: t0 + end)
        return repeats
    }

    @Test func backSpaceHeldPastASecondDeletesAWordARepeatWhereTheTextIsKnown() {
        var s = session()
        type(&s, "one two  three four five six seven eight nine", at: t0 - .seconds(10))
        let repeats = holdBackSpace(&s, until: .milliseconds(1_500))
        let before = repeats.filter { $0.at < Timing.fasterBackSpace.after }
        #expect(!before.isEmpty && before.allSatisfy { $0.typed == [.backSpace] }, "one character at a time for a second")
        // The press and nine repeats up to 980 ms took "eight nine" a character at a
        // time; from 1,020 ms each repeat takes a word and the spaces after it.
        #expect(before.count == 9)
        let after = repeats.filter { $0.at >= Timing.fasterBackSpace.after }
        #expect(after.map(\.typed.count) == ["seven ", "six ", "five ", "four ", "three "].map(\.unicodeScalars.count))
        #expect(after.allSatisfy { $0.typed.allSatisfy { $0 == .backSpace } })
        #expect(zip(after, after.dropFirst()).allSatisfy { $1.at - $0.at == Timing.fasterBackSpace.wordInterval })
        #expect(s.typing.context.before == "one two  ")
    }

    @Test func backSpaceHeldPastASecondDeletesCharactersFasterWhereTheTextIsNotKnown() {
        var s = session()
        _ = s.handle(.field(.unknown, before: nil, moved: true), at: t0)
        #expect(s.typing.context.before.isEmpty)
        let repeats = holdBackSpace(&s, until: .milliseconds(1_500))
        #expect(repeats.allSatisfy { $0.typed == [.backSpace] })
        let interval = s.keyboard.repeatInterval
        let slow = repeats.filter { $0.at < Timing.fasterBackSpace.after }
        let fast = repeats.filter { $0.at > Timing.fasterBackSpace.after + interval }
        #expect(zip(slow, slow.dropFirst()).allSatisfy { $1.at - $0.at == interval })
        #expect(fast.count > 2 && zip(fast, fast.dropFirst()).allSatisfy { $1.at - $0.at == interval / 2 })
    }
}
