import ClavierCore
import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// Switch scanning on Wayland (issue 37), where no key can be grabbed: the pointer's buttons
/// anywhere on the keyboard are the switches (a switch-adapted mouse, a switch box that
/// clicks), driven through the compositor's virtual pointer; what arrives in foot.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandScanTests {
    /// One `wl-pointer -` kept running and fed its lines as the test goes (a new one takes
    /// 200 ms to settle: most of a step of a 300 ms scan), through a FIFO.
    final class LivePointer {
        private let directory = TemporaryDirectory()
        private let handle: FileHandle
        private let process: ChildProcess

        init(on sway: HeadlessSway) throws {
            let fifo = directory.file("pointer")
            guard mkfifo(fifo, 0o600) == 0 else { throw HarnessError("mkfifo \(fifo): errno \(errno)") }
            process = try sway.start(["sh", "-c", "exec '\(Harness.pointerBinary)' - < '\(fifo)'"])
            guard let handle = FileHandle(forWritingAtPath: fifo) else { throw HarnessError("cannot open \(fifo)") }
            self.handle = handle
            usleep(300_000)  // the seat gains its pointer: clients bind it
        }

        deinit {
            try? handle.close()
            _ = process.wait(seconds: 5)
        }

        /// Sends these lines (move X Y, down [right], up [right], sleep MS) at once.
        func send(_ lines: [String]) { handle.write(Data((lines.joined(separator: "\n") + "\n").utf8)) }

        /// A click of `button` at `x`, `y`.
        func click(_ x: Int, _ y: Int, _ button: String = "left") {
            send(["move \(x) \(y)", "down \(button)", "sleep 30", "up \(button)"])
        }
    }

    /// The status's `scan:` line (`scan: row 2`, `scan: key h`), or "" when not scanning.
    func scan(_ session: WaylandSession) -> String {
        let out = (try? session.command(["status"]).out) ?? ""
        return out.split(separator: "\n").map(String.init).first { $0.hasPrefix("scan:") } ?? ""
    }

    func waitForScan(_ session: WaylandSession, seconds: Double = 10, _ condition: (String) -> Bool) -> Bool {
        Harness.waitFor(seconds) { condition(scan(session)) }
    }

    /// Clicks at `x`, `y` as soon as the status first shows `wanted`, having seen something
    /// else first (unless the last click just put the highlight there).
    func click(_ pointer: LivePointer, at point: (x: Int, y: Int), when wanted: String, _ session: WaylandSession,
               justEntered: Bool = false) -> Bool {
        if !justEntered { guard waitForScan(session, { $0 != wanted }) else { return false } }
        guard waitForScan(session, { $0 == wanted }) else { return false }
        pointer.click(point.x, point.y)
        return true
    }

    @Test func oneSwitchClickAnywhereSelectsARowThenAKey() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--scan", "300", "--suggestions", "0"])
        #expect(session.errors.contains("scanning on Wayland: the left button or a touch anywhere on the keyboard selects"),
                "\(session.errors)")
        let keys = try session.keys(page: "letters")
        // Every click lands on z: never typed, the highlight's key is.
        let z = try #require(keys["z"])
        let pointer = try LivePointer(on: sway)
        #expect(click(pointer, at: z, when: "scan: row 2", session), "\(scan(session)) \(session.errors)")
        #expect(waitForScan(session) { $0.hasPrefix("scan: key") }, "the click took the row: \(scan(session))")
        #expect(click(pointer, at: z, when: "scan: key h", session), "\(scan(session))")
        #expect(foot.waitFor(suffix: "h"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(waitForScan(session) { $0.hasPrefix("scan: row") }, "scanning starts again from the rows")
        usleep(300_000)
        #expect(foot.received == "h", "the key under the pointer was pressed: \(foot.received.debugDescription)")
        #expect(try session.quit() == 0)
    }

    @Test func twoButtonsTheRightStepsAndTheLeftSelectsWithNoClock() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--scan-switch", "button3,button1", "--suggestions", "0"])
        let z = try #require(try session.keys(page: "letters")["z"])
        #expect(scan(session) == "scan: row 1")
        usleep(700_000)
        #expect(scan(session) == "scan: row 1", "no clock: the highlight waits for the step switch")
        let pointer = try LivePointer(on: sway)
        pointer.click(z.x, z.y, "right")
        #expect(waitForScan(session) { $0 == "scan: row 2" }, "\(scan(session)) \(session.errors)")
        pointer.click(z.x, z.y)
        #expect(waitForScan(session) { $0 == "scan: key a" }, "\(scan(session))")
        for _ in 0..<5 { pointer.click(z.x, z.y, "right"); pointer.send(["sleep 40"]) }
        #expect(waitForScan(session) { $0 == "scan: key h" }, "\(scan(session))")
        pointer.click(z.x, z.y)
        #expect(foot.waitFor(suffix: "h"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "h")
        #expect(try session.quit() == 0)
    }

    /// The page's scan cell, clicked, scans at once; from then on a click is the switch (Done
    /// is not pressed by it), and scanning to the cell's − turns it off, the clicks keys again.
    @Test func thePagesScanCellTurnsScanningOnAndOffAtOnce() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound", "--suggestions", "0"])
        #expect(scan(session) == "")
        let h = try #require(try session.keys(page: "letters")["h"])
        let g = try session.status().geometry
        var sources = SettingsSources()
        for name in ["languages", "hide-on-hardware-keys", "scan-switch"] { sources.unavailable[name] = "not here" }
        let page = SettingsPage(sources, size: Size(width: g.width, height: g.height))
        let cell = try #require(page.cells.first { $0.action == .setting("scan") }).rect
        let done = try #require(page.cells.first { $0.action == .done }).rect
        let row = try #require(page.scanRows.firstIndex { $0.contains(.page(.setting("scan"), .minus)) }) + 1
        let pointer = try LivePointer(on: sway)
        #expect(try session.command(["settings"]).status == 0)
        usleep(300_000)
        pointer.click(g.x + cell.maxX - cell.width / 10, g.y + cell.y + cell.height / 2)
        #expect(waitForScan(session) { $0.hasPrefix("scan: row") }, "no scanning after the click; \(session.errors)")
        #expect(try session.status().settings?["scan"] == "500")
        #expect(try session.status().settings?["scan-switch"] == "button1", "the switch on Wayland")
        // On Done: a switch's click never presses it (the page's cells go on being scanned).
        let doneCentre = (x: g.x + Int(done.midX), y: g.y + Int(done.midY))
        #expect(click(pointer, at: doneCentre, when: "scan: row \(row)", session), "\(scan(session))")
        // The first stop of its row, or a later one.
        #expect(click(pointer, at: doneCentre, when: "scan: key page scan -", session, justEntered: true), "\(scan(session))")
        #expect(waitForScan(session) { $0 == "" }, "still scanning: \(scan(session)) \(session.errors)")
        #expect(try session.status().settings?["scan"] == "default")
        // Off: a click is a click again, on Done, then on h.
        pointer.click(doneCentre.x, doneCentre.y)
        pointer.send(["sleep 300"])
        pointer.click(h.x, h.y)
        #expect(foot.waitFor(suffix: "h"), "foot received \(foot.received.debugDescription); clavier said: \(session.errors)")
        #expect(foot.received == "h")
        #expect(try session.quit() == 0)
    }
}
