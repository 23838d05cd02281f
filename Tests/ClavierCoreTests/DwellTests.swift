import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Dwell's clock and what a resting pointer would press, without X or a real clock.
@Suite struct DwellTests {
    let t0 = ContinuousClock.now
    let size = Size(width: 1280, height: 330)

    func ms(_ n: Int) -> ContinuousClock.Instant { t0 + .milliseconds(n) }

    @Test func restingForTheDelayFiresOnceHoweverLongItRests() {
        var clock = DwellClock<String>(delay: .milliseconds(400))
        clock.rest(on: "h", at: t0)
        #expect(clock.fire(at: ms(399)) == nil)
        #expect(clock.fire(at: ms(400)) == "h")
        #expect(clock.isSpent && clock.deadline(after: ms(400)) == nil, "spent: no timer while it rests on")
        clock.rest(on: "h", at: ms(1000))
        #expect(clock.fire(at: ms(2400)) == nil && clock.progress(at: ms(2400)) == 0)
        clock.rearm(at: ms(2400))
        #expect(clock.progress(at: ms(2600)) == 0.5)
        #expect(clock.fire(at: ms(2800)) == "h", "rearmed, it rests the whole delay again")
        clock.rest(on: nil, at: ms(2900))
        clock.rest(on: "h", at: ms(3000))
        #expect(clock.fire(at: ms(3400)) == "h", "left and came back")
    }

    @Test func movingToAnotherTargetStartsAgainAndTremblingDoesNot() {
        var clock = DwellClock<String>(delay: .milliseconds(400))
        clock.rest(on: "h", at: t0)
        clock.rest(on: "h", at: ms(300))
        #expect(clock.fire(at: ms(400)) == "h", "the same key again keeps counting")
        clock.rest(on: "j", at: ms(500))
        #expect(clock.fire(at: ms(800)) == nil)
        #expect(clock.fire(at: ms(900)) == "j")
        clock.rest(on: nil, at: ms(950))
        #expect(clock.fire(at: ms(5000)) == nil && clock.deadline(after: ms(5000)) == nil, "nothing counts, no timer")
    }

    @Test func leavingBeforeTheDelayFiresNothing() {
        var clock = DwellClock<String>(delay: .milliseconds(400))
        clock.rest(on: "h", at: t0)
        clock.rest(on: nil, at: ms(200))
        #expect(clock.fire(at: ms(400)) == nil)
        clock.rest(on: "h", at: ms(1000))
        #expect(clock.fire(at: ms(1300)) == nil, "coming back counts from the start")
        #expect(clock.fire(at: ms(1400)) == "h")
    }

    @Test func progressGrowsInStepsAndDeadlinesFollowThem() {
        var clock = DwellClock<String>(delay: .milliseconds(400), step: .milliseconds(50))
        #expect(clock.deadline(after: t0) == nil)
        clock.rest(on: "h", at: t0)
        #expect(clock.progress(at: ms(49)) == 0)
        #expect(clock.progress(at: ms(120)) == 0.25)
        #expect(clock.progress(at: ms(399)) == 0.875)
        #expect(clock.progress(at: ms(400)) == 1)
        #expect(clock.deadline(after: ms(120)) == ms(150))
        #expect(clock.deadline(after: ms(390)) == ms(400), "the firing, not a step past it")
        let steps = Set((0..<400).map { clock.progress(at: ms($0)) })
        #expect(steps.count == 8, "eight repaints for a 400 ms dwell, not one per frame")
    }

    @Test func targetsAreKeysCellsAndOnlyOwnAlternates() throws {
        var k = Keyboard(layout: .us, size: size)
        let h = try #require(k.geometry.frame(id: "h")).rect
        #expect(Picture(k).dwellTarget(at: Point(x: h.midX, y: h.midY), pointer: -1) == .key("h"))
        let e = try #require(k.geometry.frame(id: "e")).rect
        let onE = Point(x: e.midX, y: e.midY)
        _ = k.handle(.press(onE, pointer: -1), at: t0)
        _ = k.handle(.tick, at: t0 + .seconds(1))
        let popup = try #require(k.popup)
        let cell = popup.cells[1]
        #expect(Picture(k).dwellTarget(at: Point(x: cell.midX, y: cell.midY), pointer: -1) == .alternate(1))
        #expect(Picture(k).dwellTarget(at: Point(x: cell.midX, y: cell.midY), pointer: 0) == nil, "another pointer's popup")
        #expect(Picture(k).dwellTarget(at: Point(x: h.midX, y: h.midY), pointer: -1) == .alternate(nil))

        let md = Layout(id: "md", pages: Layout.us.pages, options: LayoutOptions(accessory: [.completions, .formatting]))
        var bar = Picture(Keyboard(layout: md, size: size))
        let strong = try #require(bar.accessory?.rect(of: .format(.strong)))
        #expect(bar.dwellTarget(at: Point(x: strong.midX, y: strong.midY), pointer: -1) == .cell(.format(.strong)))
        let empty = try #require(bar.accessory?.rect(of: .completion(0)))
        #expect(bar.dwellTarget(at: Point(x: empty.midX, y: empty.midY), pointer: -1) == nil, "an empty slot presses nothing")
        bar = Picture(bar.keyboard, completions: ["hello"])
        #expect(bar.dwellTarget(at: Point(x: empty.midX, y: empty.midY), pointer: -1) == .cell(.completion(0)))
    }

    @Test func marksSayWhatToRepaint() {
        var old = KeyMarks()
        old.dwell = (.key("h"), 0.25)
        var new = old
        new.dwell = (.key("h"), 0.5)
        #expect(new.damage(from: old).keys == ["h", "h"] && !new.damage(from: old).whole)
        #expect(new.dwellProgress(of: "h") == 0.5 && new.dwellProgress(of: "j") == 0)
        new.dwell = (.cell(.format(.strong)), 0.5)
        let moved = new.damage(from: old)
        #expect(moved.keys == ["h"] && moved.bar)
        new.dwell = nil
        new.scanned = [.key("q"), .key("w")]
        #expect(Set(new.damage(from: KeyMarks()).keys) == ["q", "w"])
        var bar = KeyMarks()
        bar.scanned = [.cell(.completion(0))]
        #expect(bar.damage(from: KeyMarks()) == ([], true, false))
        #expect(new.damage(from: new) == ([], false, false))
    }
}
