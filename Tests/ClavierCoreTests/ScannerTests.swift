import Testing
@testable import ClavierCore

/// Row-column scanning's state machine, stepped by hand: no X, no real clock.
@Suite struct ScannerTests {
    let t0 = ContinuousClock.now
    let rows: [[Key.ID]] = [["q", "w", "e"], ["a", "s"], ["z"]]

    func ms(_ n: Int) -> ContinuousClock.Instant { t0 + .milliseconds(n) }

    @Test func rowsThenKeysThenTheFirstRowAgain() {
        var s = Scanner(interval: .milliseconds(300))
        s.start(rows: rows, at: t0)
        #expect(s.highlighted == ["q", "w", "e"] && s.nextDeadline == ms(300))
        s.tick(at: ms(299))
        #expect(s.position == .row(0), "not before its time")
        s.tick(at: ms(300))
        #expect(s.highlighted == ["a", "s"])
        #expect(s.select(at: ms(350)) == nil)
        #expect(s.highlighted == ["a"] && s.nextDeadline == ms(650), "the row's first key, for a whole interval")
        s.tick(at: ms(650))
        #expect(s.select(at: ms(700)) == "s")
        #expect(s.position == .row(0), "scanning starts again from the first row")
    }

    @Test func aRoundOfKeysWithNoPressGoesBackToTheRows() {
        var s = Scanner(interval: .milliseconds(300))
        s.start(rows: rows, at: t0)
        _ = s.select(at: t0)
        s.tick(at: ms(300))
        s.tick(at: ms(600))
        #expect(s.highlighted == ["e"])
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
        #expect(s.select(at: t0) == "s" && s.nextDeadline == nil)
    }

    @Test func theRowsOfAPageAreItsKeysByTopEdge() {
        let geometry = PageGeometry(page: Layout.us.defaultPage, size: Size(width: 1280, height: 330))
        let scanned = Scanner.rows(of: geometry)
        #expect(scanned.count == Layout.us.defaultPage.rows.count)
        #expect(scanned[0].first == "q" && scanned[1].contains("h"))
        #expect(scanned.joined().count == geometry.frames.filter { $0.rect.width > 0 }.count)
    }
}
