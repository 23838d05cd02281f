import ClavierBuiltins
import ClavierCore
import Testing

/// The dwell aid's translation of hover events and time into the reducer's presses,
/// driven with a keyboard and a clock of the test's own: no X server, no sleeping.
final class DwellAidTests {
    var keyboard = Keyboard(layout: .us, size: Size(width: 1280, height: 330))
    var now = ContinuousClock.now
    var dwell = DwellAid(delay: .milliseconds(400))

    func centre(_ id: Key.ID) -> Point {
        let r = keyboard.geometry.frame(id: id)!.rect
        return Point(x: r.midX, y: r.midY)
    }

    /// Lets `ms` pass, firing every deadline due on the way into the reducer, as the loop
    /// does; returns what the dwell fed it.
    func wait(_ ms: Int) -> [InputEvent] {
        let end = now + .milliseconds(ms)
        var fed: [InputEvent] = []
        while let due = dwell.nextDeadline(after: now), due <= end {
            now = due
            let inputs = dwell.fire(at: due, on: Picture(keyboard))
            for input in inputs { _ = keyboard.handle(input, at: now) }
            fed += inputs
            for input in dwell.follow(moved: false, on: Picture(keyboard), at: now) { _ = keyboard.handle(input, at: now) }
        }
        now = end
        _ = keyboard.handle(.tick, at: now)
        for input in dwell.follow(moved: false, on: Picture(keyboard), at: now) { _ = keyboard.handle(input, at: now); fed.append(input) }
        return fed
    }

    func hover(_ point: Point?) -> [InputEvent] {
        let inputs = dwell.hover(point, on: Picture(keyboard), at: now)
        for input in inputs { _ = keyboard.handle(input, at: now) }
        return inputs
    }

    @Test func aRestPressesAndReleasesOnceAndTheFillGrowsInSteps() {
        let h = centre("h")
        #expect(hover(h).isEmpty)
        #expect(wait(200).isEmpty)
        #expect(dwell.mark(at: now)?.progress == 0.5 && dwell.mark(at: now)?.target == .key("h"))
        #expect(wait(200) == [.press(h, pointer: -1), .release(h, pointer: -1)])
        #expect(wait(2000).isEmpty && dwell.nextDeadline(after: now) == nil, "spent: no more presses, no timer")
        _ = hover(Point(x: h.x + 3, y: h.y))
        #expect(wait(1000).isEmpty, "a tremble is no new rest")
        _ = hover(Point(x: h.x, y: h.y + Double(keyboard.geometry.keyHeight) * 0.4))
        #expect(wait(400).count == 2, "moved on the key by more than a tremble: a new rest")
    }

    @Test func offTheWindowNothingCounts() {
        _ = hover(centre("g"))
        _ = wait(200)
        _ = hover(nil)
        #expect(dwell.nextDeadline(after: now) == nil && dwell.mark(at: now) == nil)
        #expect(wait(1000).isEmpty)
    }

    @Test func aRealClickIsNotFollowedByADwellOnTheSameKey() {
        let g = centre("g")
        _ = hover(g)
        _ = dwell.real(.press(g), on: Picture(keyboard), at: now)
        #expect(dwell.nextDeadline(after: now) == nil, "a button down: dwell waits")
        _ = dwell.real(.release(g), on: Picture(keyboard), at: now)
        #expect(wait(1000).isEmpty)
        _ = hover(centre("f"))
        #expect(wait(400).count == 2, "the next key dwells as usual")
    }

    @Test func aKeyWithAlternatesIsHeldAndItsAlternatesChosenByResting() throws {
        let a = centre("a")
        _ = hover(a)
        #expect(wait(400) == [.press(a, pointer: -1)], "held, not released")
        _ = wait(600)
        let popup = try #require(keyboard.popup)
        #expect(popup.pointer == -1)
        let second = Point(x: popup.cells[1].midX, y: popup.cells[1].midY)
        #expect(hover(second) == [.motion(second, pointer: -1)], "the popup follows the pointer")
        #expect(wait(400) == [.release(second, pointer: -1)])
        #expect(keyboard.popup == nil)
    }

    @Test func leavingAHeldKeyBeforeItsAlternatesShowTypesIt() {
        let a = centre("a")
        _ = hover(a)
        _ = wait(400)
        #expect(hover(centre("s")) == [.release(a, pointer: -1)])
        #expect(keyboard.pressed.isEmpty)
    }

    /// Issue 23, item 5: a keyboard shown under a still pointer presses nothing there; a
    /// movement to another key, or across this one, dwells as usual.
    @Test func aKeyboardShownUnderAStillPointerWaitsForAMovement() {
        let h = centre("h")
        dwell.shown(under: h, on: Picture(keyboard), at: now)
        _ = hover(h)
        #expect(wait(2000).isEmpty && dwell.nextDeadline(after: now) == nil, "the pointer never moved: nothing dwells")
        _ = hover(centre("j"))
        #expect(wait(400).count == 2, "moved to another key: it dwells")
    }
}
