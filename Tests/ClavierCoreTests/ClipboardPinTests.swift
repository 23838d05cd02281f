import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Pinning on the clipboard strip (issue 38, item 6): a long press on a copy's cell pins it,
/// pinned texts come first and are never evicted, only they go to disk (`Effect.keepPins`),
/// and dwell reaches it by resting on; never in a kiosk nor with `--clipboard off`.
@Suite struct ClipboardPinTests {
    let t0 = ContinuousClock.now

    func session(slots: Int = 3, kiosk: Bool = false, clipboard: Bool = true, pinned: [String] = [],
                 dwell: Duration? = nil) -> Session {
        var options = Session.Options()
        options.kiosk = kiosk
        options.clipboard = clipboard
        options.pinnedClips = pinned
        options.dwell = dwell
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: slots), size: Size(width: 1000, height: 300)),
                        options: options, at: t0)
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        return s
    }

    func centre(_ s: Session, _ i: Int) -> Point {
        let r = s.keyboard.accessory!.rect(of: .completion(i))!
        return Point(x: r.midX, y: r.midY)
    }

    /// Presses cell `i`, holds it `held`, lets go; what it did.
    func press(_ s: inout Session, _ i: Int, held: Duration) -> [Effect] {
        let p = centre(s, i)
        var effects = s.handle(.input(.press(p, pointer: 0)), at: t0)
        if let due = s.nextDeadline(after: t0), due <= t0 + held { effects += s.handle(.tick, at: due) }
        return effects + s.handle(.input(.release(p, pointer: 0)), at: t0 + held)
    }

    func typed(_ effects: [Effect]) -> String {
        String(String.UnicodeScalarView(effects.compactMap { if case .type(let sym, _) = $0 { sym.scalar } else { nil } }))
    }

    @Test func aLongPressPinsACopyFirstAndKeepsItAndAnotherUnpinsIt() {
        var s = session()
        for text in ["one", "two", "three"] { _ = s.handle(.copied(text), at: t0) }
        #expect(s.typing.clips == ["three", "two", "one"] && s.picture.pinnedClips == 0)
        let pinned = press(&s, 2, held: .milliseconds(600))
        #expect(typed(pinned) == "", "a long press types nothing")
        #expect(pinned.contains(.keepPins(["one"])) && !pinned.contains(.pinClip("one")), "the session takes .pinClip")
        #expect(s.typing.clips == ["one", "three", "two"] && s.picture.pinnedClips == 1)
        // A short tap on the pinned one types it; a long one unpins it, back to the newest copy.
        #expect(typed(press(&s, 0, held: .milliseconds(100))) == "one")
        _ = s.handle(.field(.unknown, before: "", moved: true), at: t0)
        let unpinned = press(&s, 0, held: .milliseconds(600))
        #expect(unpinned.contains(.keepPins([])) && s.clipboard?.pinned == [] && s.picture.pinnedClips == 0)
        #expect(s.typing.clips == ["one", "three", "two"])
    }

    @Test func pinsAreNeverEvictedAndComeFirstButTheNewestCopyKeepsTheLastCell() {
        var history = ClipboardHistory(pinned: ["p1", "p2"])
        for i in 0..<12 { _ = history.record("copy \(i)") }
        #expect(history.pinned == ["p1", "p2"], "a dozen copies evict no pin")
        #expect(history.recent == (7..<12).reversed().map { "copy \($0)" }, "the copies still stop at \(ClipboardHistory.capacity)")
        #expect(history.offered(slots: 3) == ["p1", "p2", "copy 11"])
        #expect(history.record("p2") && history.pinned == ["p1", "p2"] && !history.recent.contains("p2"), "a pinned text copied again stays pinned, once")
        #expect(history.togglePin("copy 9") && history.pinned == ["copy 9", "p1", "p2"])
        // The pins fill a bar of three: the last cell shows the newest copy.
        #expect(history.offered(slots: 3) == ["copy 9", "p1", "copy 11"])
        #expect(history.offered(slots: 5) == ["copy 9", "p1", "p2", "copy 11", "copy 10"])
        var onlyPins = ClipboardHistory(pinned: ["a", "b", "c", "d"])
        #expect(onlyPins.offered(slots: 3) == ["a", "b", "c"], "no copy: the pins alone")
        #expect(onlyPins.togglePin("x") == false, "not on the strip")
        _ = onlyPins.record("e")
        #expect(onlyPins.togglePin("e") && onlyPins.pinned.count == ClipboardHistory.pinCapacity)
        _ = onlyPins.record("f")
        #expect(!onlyPins.togglePin("f") && onlyPins.pinned == ["e", "a", "b", "c", "d"], "a sixth pin is refused, none evicted")
    }

    @Test func pinsFromTheFileAreHeldToTheStripsRules() {
        let big = String(repeating: "x", count: ClipboardHistory.largestText + 1)
        let history = ClipboardHistory(pinned: ["a", "  ", big, "esc\u{1B}", "a", "b\r\nc", "d", "e", "f", "g", "h"])
        #expect(history.pinned == ["a", "b\nc", "d", "e", "f"])
    }

    @Test func aKioskOrClipboardOffPinsNothingAndForgetRemovesThePins() {
        for s0 in [session(kiosk: true, pinned: ["kept"]), session(clipboard: false, pinned: ["kept"])] {
            var s = s0
            _ = s.handle(.copied("text"), at: t0)
            #expect(s.clipboard == nil && s.typing.clips.isEmpty, "no strip: no pins read, none offered")
            let p = centre(s, 0)
            let effects = s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.tick, at: t0 + .seconds(1))
            #expect(!effects.contains { if case .keepPins = $0 { true } else { false } })
        }
        var s = session(pinned: ["kept"])
        _ = s.handle(.copied("copy"), at: t0)
        #expect(s.typing.clips == ["kept", "copy"] && s.picture.pinnedClips == 1)
        let forgot = s.handle(.request(.forget), at: t0)
        #expect(forgot.contains(.keepPins([])) && forgot.contains(.forgetLearned))
        #expect(s.clipboard?.entries == [] && s.typing.clips.isEmpty)
    }

    @Test func dwellHoldsACopysCellMovingOffTypesItRestingOnPinsIt() {
        var s = session(dwell: .milliseconds(300))
        _ = s.handle(.copied("dwelt"), at: t0)
        let p = centre(s, 0)
        var now = t0 + .milliseconds(10)
        _ = s.handle(.hover(p), at: now)
        // The dwell fires (a press held), then the long press pins.
        var effects: [Effect] = []
        for _ in 0..<20 {
            guard let due = s.nextDeadline(after: now) else { break }
            now = due
            effects += s.handle(.tick, at: now)
        }
        #expect(effects.contains(.keepPins(["dwelt"])), "\(effects)")
        #expect(typed(effects) == "" && s.clipboard?.pinned == ["dwelt"])
        #expect(s.nextDeadline(after: now) == nil, "resting on presses nothing more")
        // Moved on the cell and rested anew: held again; moving off before the long press types it.
        let q = Point(x: p.x + 40, y: p.y)
        _ = s.handle(.hover(q), at: now)
        now = now + .milliseconds(310)
        effects = s.handle(.tick, at: now)
        #expect(s.keyboard.pressedAccessoryCell == .completion(0))
        effects += s.handle(.hover(Point(x: p.x, y: s.keyboard.geometry.frames[0].rect.midY)), at: now + .milliseconds(50))
        #expect(typed(effects) == "dwelt", "\(effects)")
        #expect(s.clipboard?.pinned == ["dwelt"])
    }
}
