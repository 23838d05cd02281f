import ClavierTestSupport
import Glibc

/// `make bench`'s Wayland rows: Clavier (`--backend wayland`) beside wvkbd on a private headless
/// sway (HeadlessSway, 1280×800), each docked at the bottom as a layer-shell surface. Start →
/// first frame committed, press → key received by a focused window, resident memory.
struct WaylandBench: DesktopBench {
    /// The names `--only` takes for these rows.
    static let names = ["clavier-wayland", "wvkbd"]

    struct Result {
        /// exec → the first wl_surface.commit with a buffer attached, each run (ms).
        var committed = Samples()
        var firstCommitted = Double.nan
        var rssKB = Double.nan, usedRSSKB = Double.nan, ussKB = Double.nan, usedUSSKB = Double.nan
        var press = Samples(), floor = Samples()
        var pressMisses = 0
        var failure: String?
    }

    let sway: HeadlessSway
    /// wl-press-probe, built beside clavier-bench.
    let probe: String
    let logs: String
    var startupRuns = 10
    var presses = 200

    /// Measures each subject named in `only` (nil: all) and gives the section's Markdown.
    static func section(clavier: String, only: Set<String>?, quick: Bool, presses: Int?, startupRuns: Int?,
                        logs: String) -> String? {
        let wanted = Self.wanted(only)
        guard !wanted.isEmpty else { return nil }
        var results: [String: Result] = [:]
        do throws(HarnessError) {
            let sway = try HeadlessSway(width: 1280, height: 800)
            Bench.say("headless sway 1280×800 (Wayland rows)")
            var bench = WaylandBench(sway: sway, probe: Bench.siblingBinary("wl-press-probe"), logs: logs)
            bench.size(quick: quick, presses: presses, startupRuns: startupRuns)
            for name in wanted {
                Bench.say("measuring \(name) on Wayland")
                results[name] = bench.measure(try bench.subject(name, clavier: clavier))
            }
            return WaylandReport(results: results, startupRuns: bench.startupRuns, presses: bench.presses).markdown()
        } catch {
            return WaylandReport(results: [:], startupRuns: 0, presses: 0, failure: error.description).markdown()
        }
    }

    /// How to start `name`, and where to click it so that it types a plain letter on the press.
    func subject(_ name: String, clavier: String) throws(HarnessError) -> (subject: Subject, key: () throws(HarnessError) -> (x: Int, y: Int)) {
        if name == "wvkbd" {
            guard Harness.which("wvkbd-mobintl") != nil else { throw HarnessError("wvkbd-mobintl is not installed") }
            let subject = Subject(name: name, command: ["wvkbd-mobintl"], environment: sway.environment, typesOnPress: true)
            return (subject, { () throws(HarnessError) in try Self.wvkbdKeyG(output: (sway.width, sway.height)) })
        }
        // Private config, state and cache, as the X rows: nothing of the user's is read or kept.
        var environment = sway.environment
        for (variable, directory) in [("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")] {
            environment[variable] = "\(logs)/wayland-\(directory)"
        }
        environment["LANG"] = "C.UTF-8"
        let subject = Subject(name: name, command: [clavier, "--backend", "wayland", "--no-sound"], environment: environment,
                              typesOnPress: true)
        return (subject, { () throws(HarnessError) in try Self.clavierKeyG(binary: clavier, environment: environment) })
    }

    /// wvkbd's `g` at 1280×800: its layouts are compiled in, so its key was found on a `grim`
    /// screenshot of wvkbd-mobintl 0.12 with default options on this sway (1280×240 docked at
    /// y 560; the a–l row spans y 680–720, `g` x 610–732).
    static func wvkbdKeyG(output: (width: Int, height: Int)) throws(HarnessError) -> (x: Int, y: Int) {
        guard output == (1280, 800) else { throw HarnessError("no wvkbd key table for \(output.width)×\(output.height)") }
        return (671, 700)
    }

    /// Clavier's key (`PressPoints.clavierKey`, which types on the press): `clavier status --json` gives the surface's place, `clavier geometry` the key in it.
    static func clavierKeyG(binary: String, environment: [String: String]) throws(HarnessError) -> (x: Int, y: Int) {
        let status = try Harness.run([binary, "status", "--json"], environment: environment, timeout: 10)
        // `"geometry":{"x":…,"y":…,"width":…,"height":…}`, read as a key's box is.
        guard status.status == 0, let at = status.out.range(of: "\"geometry\":{"),
              let place = PressPoints.rect(ofKey: "", inGeometryJSON: "{\"id\":\"\"," + status.out[at.upperBound...]) else {
            throw HarnessError("clavier status gave no geometry: \(status.err)\(status.out)")
        }
        let out = try Harness.run([binary, "geometry", "--layout", "us", "--page", "letters", "--size", "\(place.width)x\(place.height)"],
                                  environment: environment, timeout: 60)
        guard out.status == 0, let key = PressPoints.rect(ofKey: PressPoints.clavierKey, inGeometryJSON: out.out) else {
            throw HarnessError("clavier geometry gave no key \(PressPoints.clavierKey)")
        }
        return (place.x + key.x + key.width / 2, place.y + key.y + key.height / 2)
    }

    /// `startupRuns` starts with WAYLAND_DEBUG=1 for the commit's time, then one without it for
    /// the memory and the presses (so the printing slows neither).
    func measure(_ s: (subject: Subject, key: () throws(HarnessError) -> (x: Int, y: Int))) -> Result {
        var result = Result()
        do throws(HarnessError) {
            for run in 0..<startupRuns {
                let ms = try firstCommit(s.subject, log: "\(logs)/\(s.subject.name)-wayland-\(run).log")
                result.committed.add(ms)
                if run == 0 { result.firstCommitted = ms }
            }
            let child = try ChildProcess(s.subject.command, environment: s.subject.environment,
                                         stdout: "\(logs)/\(s.subject.name)-wayland.log", stderr: "\(logs)/\(s.subject.name)-wayland.log")
            defer { stop(child) }
            guard Harness.waitFor(10, { ((try? sway.workspaceRect())?.height ?? sway.height) < sway.height }) else {
                throw HarnessError("\(s.subject.name) reserved no zone within 10 s")
            }
            // Let start-up work that runs after the first frame settle, as on X.
            sleep(ms: Measure.restMs)
            let started = ProcStats.memory(pid: child.pid)
            (result.rssKB, result.ussKB) = (started?.rss ?? .nan, started?.uss ?? .nan)
            guard presses > 0 else { return result }
            let key = try s.key()
            let clicks = try runProbe(["--extent", "\(sway.width)x\(sway.height)"] + (s.subject.typesOnPress ? [] : ["--on-release"])
                                      + ["\(key.x)", "\(key.y)"], name: s.subject.name)
            (result.press, result.pressMisses) = (clicks.samples, clicks.misses)
            result.floor = try runProbe(["--floor"], name: s.subject.name + "-floor").samples
            sleep(ms: Measure.restMs)
            let used = ProcStats.memory(pid: child.pid)
            (result.usedRSSKB, result.usedUSSKB) = (used?.rss ?? .nan, used?.uss ?? .nan)
            guard child.isRunning else { throw HarnessError("\(s.subject.name) exited during the measurements") }
        } catch {
            result.failure = error.description
        }
        return result
    }

    /// Runs wl-press-probe with `arguments` and reads its delays (ms, `miss`); kept in the logs.
    private func runProbe(_ arguments: [String], name: String) throws(HarnessError) -> (samples: Samples, misses: Int) {
        let out = try Harness.run([probe, "--rounds", "\(presses)"] + arguments, environment: sway.environment,
                                  timeout: Double(presses) + 30)
        guard out.status == 0 else { throw HarnessError("wl-press-probe: \(out.err)") }
        try? TextFile.write("\(logs)/\(name)-wayland-press.txt", out.out)
        var samples = Samples(), misses = 0
        for line in out.out.split(separator: "\n") {
            if let value = Double(line) { samples.add(value) } else { misses += 1 }
        }
        if misses > presses / 10 { throw HarnessError("\(name) typed nothing for \(misses) of \(presses) clicks") }
        return (samples, misses)
    }

    /// One start with WAYLAND_DEBUG=1: exec → the client's first wl_surface.commit after a
    /// wl_surface.attach of a buffer (its first frame handed to the compositor), in ms.
    private func firstCommit(_ subject: Subject, log: String) throws(HarnessError) -> Double {
        let spawnedAt = WaylandDebugLog.realtimeMilliseconds()
        let child = try ChildProcess(subject.command, environment: subject.environment.merging(["WAYLAND_DEBUG": "1"]) { $1 },
                                     stdout: log, stderr: log)
        defer { stop(child) }
        var committed: Double?
        Harness.waitFor(10, pollingEvery: 0.01) {
            committed = WaylandDebugLog.firstBufferCommit(TextFile.read(log) ?? "")
            return committed != nil || !child.isRunning
        }
        guard let committed else { throw HarnessError("\(subject.name) committed no frame within 10 s (see \(log))") }
        return WaylandDebugLog.elapsed(from: spawnedAt, to: committed)
    }

    /// Stops a subject and waits until sway has given its zone back, so the next start is alone.
    private func stop(_ child: ChildProcess) {
        child.stop()
        Harness.waitFor(5) { (try? sway.workspaceRect())?.height == sway.height }
        sleep(ms: 200)
    }
}
