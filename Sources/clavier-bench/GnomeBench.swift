import CX11
import ClavierTestSupport
import Glibc

/// `make bench`'s GNOME row (issue 49 item 7): on a private headless mutter (HeadlessMutter,
/// 1280×800), Clavier's X window on mutter's XWayland typing `h` through mutter's RemoteDesktop
/// into a native GTK 4 entry (GTK4Entry, which stamps each change on CLOCK_MONOTONIC). Clicks
/// are XTest on XWayland's display, stamped on the same clock just before each press is sent.
/// Start: exec → the first drawing (DAMAGE) into Clavier's window on XWayland.
struct GnomeBench: DesktopBench {
    /// The name `--only` takes for this row.
    static let names = ["clavier-gnome"]
    /// The key clicked: `h`, a letter without alternates, which types on the press (`g` has
    /// had alternates since 2026-12-06 and types on the release, as every key with them does).
    static let key = PressPoints.clavierKey

    struct Result {
        var painted = Samples()
        var press = Samples()
        var misses = 0
        /// The desktop's own path without a keyboard (GnomeFloor), on the same mutter and entry.
        var floor = Samples()
        var floorMisses = 0
        var rssKB = Double.nan, usedRSSKB = Double.nan
        var failure: String?
    }

    let clavier: String
    let logs: String
    var startupRuns = 5
    var presses = 200

    /// Measures the row when `only` names it (nil: always) and gives the section's Markdown.
    static func section(clavier: String, only: Set<String>?, quick: Bool, presses: Int?, startupRuns: Int?, logs: String) -> String? {
        guard !Self.wanted(only).isEmpty else { return nil }
        for program in ["mutter", "Xwayland", "dbus-run-session", "gdbus"] where Harness.which(program) == nil {
            return GnomeReport(result: nil, startupRuns: 0, presses: 0, failure: "\(program) is not installed").markdown()
        }
        var bench = GnomeBench(clavier: clavier, logs: logs)
        bench.size(quick: quick, presses: presses, startupRuns: startupRuns)
        Bench.say("measuring clavier-gnome on headless mutter")
        var result = Result()
        do throws(HarnessError) {
            for _ in 0..<bench.startupRuns { result.painted.add(try bench.firstPaint()) }
        } catch {
            result.failure = "start: " + error.description
        }
        do throws(HarnessError) {
            try bench.measurePresses(into: &result)
        } catch {
            result.failure = (result.failure.map { $0 + "; " } ?? "") + "presses: " + error.description
        }
        return GnomeReport(result: result, startupRuns: bench.startupRuns, presses: bench.presses).markdown()
    }

    /// A mutter with a focused GTK 4 entry, Clavier started on it, and the bench's own
    /// connection to XWayland, which saw Clavier's window created, mapped and drawn.
    private struct Running {
        let mutter: HeadlessMutter
        let entry: GTK4Entry
        let child: ChildProcess
        let x: XWaylandWatch
        let window: Window
        /// exec → the first DamageNotify on Clavier's window, ms.
        let painted: Double
    }

    private func start(_ tag: String) throws(HarnessError) -> Running {
        let mutter = try HeadlessMutter()
        let entry = try GTK4Entry(on: mutter)
        let x = try XWaylandWatch(display: mutter.xDisplay, authority: mutter.xAuthority)
        let home = "\(logs)/gnome-\(tag)"
        mkdir(home, 0o700)
        let environment = ["XDG_STATE_HOME": home, "XDG_CONFIG_HOME": home, "XDG_CACHE_HOME": home, "LANG": "C.UTF-8",
                           "XDG_CURRENT_DESKTOP": "GNOME", "XDG_SESSION_TYPE": "wayland"]
        let child = try mutter.start([clavier, "--no-sound"], environment: environment, stderr: "\(home)/clavier.log")
        guard let drawn = x.waitForDrawing(named: "Clavier", timeout: 20) else {
            x.close()
            throw HarnessError("clavier drew no window on XWayland within 20 s (see \(home)/clavier.log)")
        }
        return Running(mutter: mutter, entry: entry, child: child, x: x, window: drawn.window, painted: drawn.at - child.started)
    }

    private func firstPaint() throws(HarnessError) -> Double {
        let running = try start("start")
        defer { running.x.close(); running.mutter.stop() }
        return running.painted
    }

    /// Clicks on `h` (XTest on XWayland: 10 ms down, 100 ms apart) until the entry shows one
    /// (a just-started mutter can lose the first keys), then 10 unrecorded and `presses`
    /// recorded, each from the stamp just before the press to the entry's next change.
    private func measurePresses(into result: inout Result) throws(HarnessError) {
        let running = try start("presses")
        defer { running.x.close(); running.mutter.stop() }
        let (x, entry) = (running.x, running.entry)
        // mutter docks the window at the bottom a moment after it maps.
        var frame = x.frame(of: running.window)
        Harness.waitFor(10) {
            frame = x.frame(of: running.window)
            return frame.map { $0.y + $0.height } == running.mutter.height
        }
        guard let frame, frame.y + frame.height == running.mutter.height else { throw HarnessError("clavier's window was not docked at the bottom") }
        let out = try Harness.run([clavier, "geometry", "--layout", "us", "--page", "letters", "--size", "\(frame.width)x\(frame.height)"], timeout: 60)
        guard out.status == 0, let key = PressPoints.rect(ofKey: Self.key, inGeometryJSON: out.out) else {
            throw HarnessError("clavier geometry gave no key \(Self.key)")
        }
        x.movePointer(x: frame.x + key.x + key.width / 2, y: frame.y + key.y + key.height / 2)
        var arrived = false
        for _ in 0..<20 where !arrived {
            _ = x.click()
            arrived = Harness.waitFor(1) { !entry.text.isEmpty }
        }
        guard arrived else { throw HarnessError("no click on clavier's \(Self.key) reached the entry") }
        sleep(ms: Measure.restMs)
        result.rssKB = ProcStats.memory(pid: running.child.pid)?.rss ?? .nan
        let before = entry.changes.count
        let warmup = 10
        var downs: [Double] = []
        for _ in 0..<(warmup + presses) {
            downs.append(x.click())
            sleep(ms: 100)
        }
        let typedAll = Harness.waitFor(2) { entry.changes.count >= before + warmup + presses }
        let changes = entry.changes.dropFirst(before).map(\.ms)
        try? TextFile.write("\(logs)/clavier-gnome-press.txt",
                            downs.map { "down \($0)" }.joined(separator: "\n") + "\n--\n" + changes.map { "text \($0)" }.joined(separator: "\n"))
        let typed = entry.text.lowercased()
        guard typed.allSatisfy({ String($0) == Self.key }) else { throw HarnessError("typed characters other than \(Self.key): wrong key place") }
        for i in warmup..<downs.count {
            let until = i + 1 < downs.count ? downs[i + 1] : .infinity
            if let first = changes.first(where: { $0 >= downs[i] && $0 < until }) { result.press.add(first - downs[i]) } else { result.misses += 1 }
        }
        result.usedRSSKB = ProcStats.memory(pid: running.child.pid)?.rss ?? .nan
        if !typedAll || result.misses > presses / 10 { throw HarnessError("typed nothing for \(result.misses) of \(presses) clicks") }
        (result.floor, result.floorMisses) = try GnomeFloor.measure(mutter: running.mutter, entry: entry, warmup: warmup, presses: presses, logs: logs)
    }
}
