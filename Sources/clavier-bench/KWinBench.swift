import ClavierTestSupport
import Glibc

/// `make bench`'s KWin rows (issue 49 item 7): on a private headless KWin (HeadlessKWin, 1280×800),
/// Clavier as KWin's input method, Clavier started by hand (fake input), and maliit-keyboard as
/// KWin's input method (the keyboard that runs there), each typing a letter (Clavier's `h`, maliit's `g`) into a native GTK 4 entry
/// (GTK4Entry: text-input-v3, the receiver for all three). Clicks come through KWin's fake input
/// (wl-pointer `--stamps`, which says when each button went out); the entry stamps each change
/// on the same CLOCK_MONOTONIC. Start: exec → the first buffer committed (WAYLAND_DEBUG=1).
struct KWinBench: DesktopBench {
    /// The names `--only` takes for these rows.
    static let names = ["clavier-kwin-im", "clavier-kwin", "maliit-kwin"]

    struct Result {
        var committed = Samples()
        var press = Samples()
        var misses = 0
        var typesOnPress = true
        var rssKB = Double.nan, usedRSSKB = Double.nan
        var failure: String?
    }

    let clavier: String
    /// wl-pointer, built beside clavier-bench.
    let pointer: String
    let logs: String
    var startupRuns = 5
    var presses = 200

    /// Measures each subject named in `only` (nil: all) and gives the section's Markdown.
    static func section(clavier: String, only: Set<String>?, quick: Bool, presses: Int?, startupRuns: Int?, logs: String) -> String? {
        let wanted = Self.wanted(only)
        guard !wanted.isEmpty else { return nil }
        guard Harness.which("kwin_wayland") != nil else { return KWinReport(results: [:], startupRuns: 0, presses: 0, failure: "kwin_wayland is not installed").markdown() }
        var bench = KWinBench(clavier: clavier, pointer: Bench.siblingBinary("wl-pointer"), logs: logs)
        bench.size(quick: quick, presses: presses, startupRuns: startupRuns)
        var results: [String: Result] = [:]
        for name in wanted {
            Bench.say("measuring \(name) on headless KWin")
            results[name] = bench.measure(name)
        }
        return KWinReport(results: results, startupRuns: bench.startupRuns, presses: bench.presses).markdown()
    }

    /// Clavier's environment; its config, state and cache are KWin's user's private runtime
    /// directory (HeadlessKWin): nothing of the real user's is read or kept.
    private func clavierEnvironment(debug: Bool) -> [String: String] {
        ["LANG": "C.UTF-8"].merging(debug ? ["WAYLAND_DEBUG": "1"] : [:]) { $1 }
    }

    /// A KWin for `name`, its input method started by it (with WAYLAND_DEBUG when `debug`), its
    /// exec time written by the wrapper to `stamp` (CLOCK_REALTIME ns).
    private func kwin(for name: String, debug: Bool, stamp: String) throws(HarnessError) -> HeadlessKWin {
        let stamped = ["/bin/sh", "-c", "date +%s%N > '\(stamp)'; exec \"$0\" \"$@\""]
        switch name {
        case "clavier-kwin-im":
            return try HeadlessKWin(inputMethod: (stamped + [clavier, "--no-sound"], clavierEnvironment(debug: debug)))
        case "maliit-kwin":
            guard Harness.which("maliit-keyboard") != nil else { throw HarnessError("maliit-keyboard is not installed (tools/install-deps bench)") }
            // Qt Quick's software renderer: the virtual output has no GPU. KWin shows an input
            // panel only after touch input unless KWIN_IM_SHOW_ALWAYS.
            let environment = ["QT_QUICK_BACKEND": "software"].merging(debug ? ["WAYLAND_DEBUG": "1"] : [:]) { $1 }
            return try HeadlessKWin(inputMethod: (stamped + ["maliit-keyboard"], environment), environment: ["KWIN_IM_SHOW_ALWAYS": "1"])
        default:
            return try HeadlessKWin()
        }
    }

    func measure(_ name: String) -> Result {
        var result = Result()
        result.typesOnPress = name != "maliit-kwin"
        // A start that commits no frame still leaves the presses to measure.
        do throws(HarnessError) {
            for run in 0..<startupRuns {
                result.committed.add(try firstCommit(name, run: run))
            }
        } catch {
            result.failure = "start: " + error.description
        }
        do throws(HarnessError) {
            try measurePresses(name, into: &result)
        } catch {
            result.failure = (result.failure.map { $0 + "; " } ?? "") + "presses: " + error.description
        }
        return result
    }

    /// One start with WAYLAND_DEBUG=1: exec → its first wl_surface.commit after attaching a
    /// buffer. maliit draws its panel once a field asks for it: an entry is focused at once.
    private func firstCommit(_ name: String, run: Int) throws(HarnessError) -> Double {
        // Written by the input method's wrapper, which runs as KWin's user.
        let stamp = "\(logs)/\(name)-kwin-exec-\(run)"
        try TextFile.write(stamp, "")
        chmod(stamp, 0o666)
        let kwin = try self.kwin(for: name, debug: true, stamp: stamp)
        defer { kwin.stop() }
        var log = kwin.inputMethodLog
        var spawnedAt = Double.nan
        if name == "clavier-kwin" {
            // Started on a KWin that is up (its entry focused): a client started at once waits
            // about 2.2 s for KWin's first answer (seen here), KWin's start, not the keyboard's.
            _ = try GTK4Entry(on: kwin)
            log = "\(logs)/\(name)-kwin-\(run).log"
            spawnedAt = WaylandDebugLog.realtimeMilliseconds()
            try kwin.startAsUser([clavier, "--no-sound"], environment: clavierEnvironment(debug: true), stderr: log)
        }
        if name == "maliit-kwin" { _ = try GTK4Entry(on: kwin) }
        var committed: Double?
        Harness.waitFor(20, pollingEvery: 0.01) {
            committed = WaylandDebugLog.firstBufferCommit(TextFile.read(log) ?? "")
            return committed != nil
        }
        guard let committed else {
            try? TextFile.write("\(logs)/\(name)-kwin-debug.log", TextFile.read(log) ?? "")
            throw HarnessError("\(name) committed no frame within 20 s (see \(logs)/\(name)-kwin-debug.log)")
        }
        if spawnedAt.isNaN {
            guard let ns = Double((TextFile.read(stamp) ?? "").split(separator: "\n").first ?? "") else {
                throw HarnessError("\(name): no exec stamp in \(stamp)")
            }
            spawnedAt = Double(UInt64(ns / 1000) % (1 << 32)) / 1000
        }
        if run == 0 { try? TextFile.write("\(logs)/\(name)-kwin-debug.log", TextFile.read(log) ?? "") }
        return WaylandDebugLog.elapsed(from: spawnedAt, to: committed)
    }

    /// `presses` clicks on that letter (after 10 not recorded), 10 ms down, 100 ms apart: each timed from
    /// the button that types (the press for Clavier, the release for maliit) to the entry's next change.
    private func measurePresses(_ name: String, into result: inout Result) throws(HarnessError) {
        let kwin = try self.kwin(for: name, debug: false, stamp: "\(logs)/\(name)-kwin-exec")
        defer { kwin.stop() }
        var child: ChildProcess?
        if name == "clavier-kwin" {
            child = try kwin.startAsUser([clavier, "--no-sound"], environment: clavierEnvironment(debug: false),
                                         stderr: "\(logs)/\(name)-kwin.log")
        }
        let entry = try GTK4Entry(on: kwin)
        let key = try keyG(name, kwin: kwin)
        sleep(ms: Measure.restMs)
        if let child { result.rssKB = ProcStats.memory(pid: child.pid)?.rss ?? .nan }
        let warmup = 10
        var script = ["move \(key.x) \(key.y)"]
        for _ in 0..<(warmup + presses) { script += ["down", "sleep 10", "up", "sleep 100"] }
        let file = "\(logs)/\(name)-kwin-clicks"
        try TextFile.write(file, script.joined(separator: "\n") + "\n")
        chmod(file, 0o644)
        let out = try kwin.runAsUser(["sh", "-c", "'\(pointer)' --stamps - < '\(file)'"], timeout: Double(presses) * 0.3 + 30)
        guard out.status == 0 else { throw HarnessError("wl-pointer: \(out.err)") }
        Harness.waitFor(2) { entry.text.count >= warmup + presses }
        try? TextFile.write("\(logs)/\(name)-kwin-press.txt", out.out + "--\n" + entry.changes.map { "\($0.what) \($0.ms)" }.joined(separator: "\n"))
        let stamps = out.out.split(separator: "\n").map { $0.split(separator: " ") }
        let downs = stamps.filter { $0.first == "down" }.compactMap { Double($0[1]) }
        let ups = stamps.filter { $0.first == "up" }.compactMap { Double($0[1]) }
        let typed = entry.text.lowercased()
        let letter: Character = name == "maliit-kwin" ? "g" : Character(PressPoints.clavierKey)
        guard typed.allSatisfy({ $0 == letter }) else { throw HarnessError("\(name) typed \(typed.count) characters other than \(letter) only: wrong key place") }
        let changes = entry.changes.map(\.ms)
        for i in warmup..<min(downs.count, ups.count) {
            let from = result.typesOnPress ? downs[i] : ups[i]
            let until = i + 1 < downs.count ? downs[i + 1] : .infinity
            if let first = changes.first(where: { $0 >= from && $0 < until }) { result.press.add(first - from) } else { result.misses += 1 }
        }
        if let child { result.usedRSSKB = ProcStats.memory(pid: child.pid)?.rss ?? .nan }
        if result.misses > presses / 10 { throw HarnessError("\(name) typed nothing for \(result.misses) of \(presses) clicks") }
    }

    /// Where the key is: maliit's `g`; Clavier's `PressPoints.clavierKey` (which types on the press), as Clavier says (`status`, `geometry`, as KWin's user); maliit-keyboard 2.3.1's
    /// was found by clicking across its panel on this KWin at 1280×800 (its layouts are QML).
    private func keyG(_ name: String, kwin: HeadlessKWin) throws(HarnessError) -> (x: Int, y: Int) {
        if name == "maliit-kwin" { return (640, 600) }
        var place: (x: Int, y: Int, width: Int, height: Int)?
        Harness.waitFor(20) {
            guard let status = try? kwin.runAsUser([clavier, "status", "--json"], environment: ["LANG": "C.UTF-8"]), status.status == 0,
                  let at = status.out.range(of: "\"geometry\":{") else { return false }
            place = PressPoints.rect(ofKey: "", inGeometryJSON: "{\"id\":\"\"," + status.out[at.upperBound...])
            return (place?.height ?? 0) > 0
        }
        guard let place else { throw HarnessError("\(name): clavier status gave no geometry") }
        let out = try kwin.runAsUser([clavier, "geometry", "--layout", "us", "--page", "letters", "--size", "\(place.width)x\(place.height)"],
                                     timeout: 60)
        guard out.status == 0, let key = PressPoints.rect(ofKey: PressPoints.clavierKey, inGeometryJSON: out.out) else {
            throw HarnessError("\(name): clavier geometry gave no key \(PressPoints.clavierKey)")
        }
        return (place.x + key.x + key.width / 2, place.y + key.y + key.height / 2)
    }
}
