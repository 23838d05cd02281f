import ClavierBuiltins
import Testing
@testable import ClavierCore

/// Row-column scanning's state machine, stepped by hand: no X, no real clock.
@Suite struct ScannerTests {
    let t0 = ContinuousClock.now
    let rows: [[PressTarget]] = [["q", "w", "e"], ["a", "s"], ["z"]].map { $0.map(PressTarget.key) }

    func keys(_ ids: String...) -> [PressTarget] { ids.map(PressTarget.key) }

    func ms(_ n: Int) -> ContinuousClock.Instant { t0 + .milliseconds(n) }

    @Test func rowsThenKeysThenTheFirstRowAgain() {
        var s = Scanner(interval: .milliseconds(300))
        s.start(rows: rows, at: t0)
        #expect(s.highlighted == keys("q", "w", "e") && s.nextDeadline == ms(300))
        s.tick(at: ms(299))
        #expect(s.position == .row(0), "not before its time")
        s.tick(at: ms(300))
        #expect(s.highlighted == keys("a", "s"))
        #expect(s.select(at: ms(350)) == nil)
        #expect(s.highlighted == keys("a") && s.nextDeadline == ms(650), "the row's first key, for a whole interval")
        s.tick(at: ms(650))
        #expect(s.select(at: ms(700)) == .key("s"))
        #expect(s.position == .row(0), "scanning starts again from the first row")
    }

    @Test func aRoundOfKeysWithNoPressGoesBackToTheRows() {
        var s = Scanner(interval: .milliseconds(300))
        s.start(rows: rows, at: t0)
        _ = s.select(at: t0)
        s.tick(at: ms(300))
        s.tick(at: ms(600))
        #expect(s.highlighted == keys("e"))
        s.tick(at: ms(900))
        #expect(s.position == .row(0))
    }

    @Test func unansweredRoundsPauseTheClockUntilAPress() {
        var s = Scanner(interval: .milliseconds(300), loops: 2)
        s.start(rows: rows, at: t0)
        for i in 1...6 { s.tick(at: ms(300 * i)) }
        #expect(s.position == .paused && s.highlighted.isEmpty && s.nextDeadline == nil)
        #expect(s.select(at: ms(5000)) == nil, "the first press wakes the scan, it picks nothing")
        #expect(s.position == .row(0) && s.nextDeadline == ms(5300))
    }

    @Test func twoSwitchesStepWithNoClock() {
        var s = Scanner(interval: nil)
        s.start(rows: rows, at: t0)
        #expect(s.nextDeadline == nil)
        for _ in 0..<4 { s.step(at: t0) }
        #expect(s.position == .row(1), "stepping wraps round the rows and never pauses")
        _ = s.select(at: t0)
        s.step(at: t0)
        #expect(s.select(at: t0) == .key("s") && s.nextDeadline == nil)
    }

    @Test func theRowsOfAPageAreItsKeysByTopEdge() {
        let keyboard = Keyboard(layout: .us, size: Size(width: 1280, height: 330))
        let scanned = Scanner.rows(of: Picture(keyboard))
        #expect(scanned.count == Layout.us.defaultPage.rows.count)
        #expect(scanned[0].first == .key("q") && scanned[1].contains(.key("h")))
        #expect(scanned.joined().count == keyboard.geometry.frames.filter { $0.rect.width > 0 }.count)
        #expect(scanned.joined().allSatisfy { keyboard.centre(of: $0) != nil }, "each is pressed at its centre")
    }

    @Test func theAccessoryBarIsTheFirstRowWhenItHoldsSomething() {
        let md = Layout(id: "md", pages: Layout.us.pages, options: LayoutOptions(accessory: [.completions]))
        var keyboard = Picture(Keyboard(layout: md, size: Size(width: 1280, height: 330)))
        #expect(Scanner.rows(of: keyboard).first?.first == .key("q"), "no completions yet: no bar row")
        keyboard = Picture(keyboard.keyboard, completions: ["hello", "help"])
        #expect(Scanner.rows(of: keyboard).first == [.cell(.completion(0)), .cell(.completion(1))])
        #expect(keyboard.centre(of: .cell(.completion(1))) != nil && keyboard.centre(of: .alternate(0)) == nil)
    }
}
