import ClavierTestSupport
import CX11
import Glibc

/// The X-side measurements of one keyboard on the bench's X server: start-up (several
/// runs), then on the last run memory, idle activity, press latency and, for Clavier, the
/// click's audio.
struct Measure {
    let probe: Probe
    /// Held so the X server outlives every measurement.
    let server: Xvfb
    var startupRuns = 10
    var presses = 200
    var idleSeconds = 10.0
    /// How long after the first paint (and after the presses) memory is read, for every subject
    /// and floor alike: at rest. Clavier gives its idle pages back `Timing.idleBuffers` (1 s)
    /// after its last input; read at 1 s, the figure was a race with that trim.
    static let restMs = 2000.0
    var warmup = 10
    /// Where every keyboard is asked to appear: where Clavier docks on this screen.
    let rect: (x: Int, y: Int, width: Int, height: Int)
    let logDirectory: String

    /// Runs the subject up to `startupRuns` times and measures the rest on the last run.
    func measure(_ subject: Subject, pressPoint: (Probe, Window) throws(HarnessError) -> (x: Int, y: Int, keycode: UInt32),
                 clickFile: String? = nil) -> SubjectResult {
        var result = SubjectResult()
        do throws(HarnessError) {
            var running: (child: ChildProcess, window: Window)?
            for run in 0..<startupRuns {
                let last = run == startupRuns - 1
                let started = try startOnce(subject, log: "\(logDirectory)/\(subject.name)-\(run).log")
                result.mapped.add(started.mapped)
                result.painted.add(started.painted)
                if run == 0 { result.firstPainted = started.painted }
                result.windowSize = started.size
                if last {
                    running = (started.child, started.window)
                } else {
                    started.child.stop()
                    waitUntilGone()
                }
            }
            guard let (child, window) = running else { return result }
            defer {
                child.stop()
                waitUntilGone()
            }
            // Let start-up work that runs after the first paint settle, as a user's session would.
            sleep(ms: Self.restMs)
            if let memory = ProcStats.memory(pid: child.pid) {
                result.rssKB = memory.rss
                result.pssKB = memory.pss
                result.ussKB = memory.uss
            }
            guard idleSeconds > 0 || presses > 0 else { return result }
            if idleSeconds > 0 {
                let before = ProcStats.activity(pid: child.pid)
                sleep(ms: idleSeconds * 1000)
                let after = ProcStats.activity(pid: child.pid)
                result.idleCPUms = after.cpuMs - before.cpuMs
                result.idleSwitches = after.switches - before.switches
            }
            guard presses > 0 else { return result }

            probe.focus()
            let target = try pressPoint(probe, window)
            result.floor = try floorLatency(keycode: target.keycode)
            let press = try pressLatency(subject, at: (target.x, target.y), keycode: target.keycode)
            result.press = press.samples
            // The raw samples, for a closer look than the table's median and p95.
            try? TextFile.write("\(logDirectory)/\(subject.name)-press.txt", press.samples.values.map { fmt($0, 3) }.joined(separator: "\n"))
            result.pressMisses = press.misses
            if let clickFile {
                let audio = clickAudio(file: clickFile, at: (target.x, target.y))
                result.clickAudio = audio.samples
                result.clickMisses = audio.misses
            }
            sleep(ms: Self.restMs)
            if let memory = ProcStats.memory(pid: child.pid) {
                result.usedRSSKB = memory.rss
                result.usedPSSKB = memory.pss
                result.usedUSSKB = memory.uss
            }
            guard child.isRunning else { throw HarnessError("\(subject.name) exited during the measurements") }
        } catch {
            result.failure = error.description
        }
        return result
    }

    /// Starts the subject once: exec → MapNotify of its window (mapped), and → the instant
    /// the window's pixels first equal the picture they keep for the next second (painted).
    private func startOnce(_ subject: Subject, log: String) throws(HarnessError)
        -> (child: ChildProcess, window: Window, mapped: Double, painted: Double, size: String) {
        probe.drain()
        let child = try ChildProcess(subject.command, environment: subject.environment, stdout: log, stderr: log)
        let root = probe.root
        let damage = probe.damage
        let found: (Window, Instant)? = probe.waitFor(timeout: 30) { e in
            // Watch each new top-level window from its creation, before it can draw.
            if e.type == CreateNotify, e.xcreatewindow.parent == root, let damage {
                damage.watch(e.xcreatewindow.window, on: probe.d)
                return nil
            }
            guard e.type == MapNotify, e.xmap.event == root, e.xmap.window != probe.window,
                  let f = probe.frame(of: e.xmap.window), f.width >= 40, f.height >= 24 else { return nil }
            return (e.xmap.window, Instant.now)
        }
        guard let (window, mappedAt) = found else {
            child.stop()
            throw HarnessError("\(subject.name) mapped no window within 30 s (see \(log))")
        }
        guard let f = probe.frame(of: window) else { throw HarnessError("\(subject.name)'s window vanished") }
        if let damage {
            let painted = paintedByDamage(window, size: f, notifyType: damage.notifyType, mappedAt: mappedAt)
            return (child, window, mappedAt - child.started, painted - child.started, "\(f.width)×\(f.height)")
        }
        // Poll the window's pixels until they have not changed for `quiet` seconds; painted is
        // when the last change was seen (the reply's arrival, so never early).
        let quiet = 1.0
        var current: [UInt8] = [], last: [UInt8] = []
        var lastChange = mappedAt
        var seenAny = false
        var grabs = Samples()
        var changes: [Double] = []
        let deadline = Instant.now + 20
        while Instant.now < deadline {
            let asked = Instant.now
            guard probe.grab(window, width: f.width, height: f.height, into: &current) else { break }
            let now = Instant.now
            grabs.add(now - asked)
            if !seenAny || current.count != last.count || memcmp(current, last, current.count) != 0 {
                swap(&current, &last)
                lastChange = now
                changes.append(now - mappedAt)
                seenAny = true
            } else if now - lastChange > quiet * 1000 {
                break
            }
            usleep(200)
        }
        if getenv("BENCH_DEBUG") != nil {
            Bench.say("grab \(fmt(grabs.median)) ms median over \(grabs.count); changes after map at \(changes.map { fmt($0, 1) }.joined(separator: ", ")) ms")
        }
        return (child, window, mappedAt - child.started, lastChange - child.started, "\(f.width)×\(f.height)")
    }

    /// Painted, from DAMAGE: after each burst of drawing into the window the pixels are read
    /// once; painted is the last drawing that changed them, once nothing has been drawn
    /// for a second. A keyboard that draws nothing after mapping counts as painted when mapped.
    private func paintedByDamage(_ window: Window, size f: (x: Int, y: Int, width: Int, height: Int, viewable: Bool),
                                 notifyType: Int32, mappedAt: Instant) -> Instant {
        var current: [UInt8] = [], last: [UInt8] = []
        _ = probe.grab(window, width: f.width, height: f.height, into: &last)
        var lastChange = mappedAt
        var changes: [Double] = []
        let deadline = Instant.now + 20
        while Instant.now < deadline {
            let drawn: Instant? = probe.waitFor(timeout: 1.0) { e in
                e.type == notifyType && e.xany.window == window ? Instant.now : nil
            }
            guard var at = drawn else { break }
            // The rest of the burst: whatever DamageNotify is already queued.
            while let more: Instant = probe.waitFor(timeout: 0, { e in
                e.type == notifyType && e.xany.window == window ? Instant.now : nil
            }) { at = more }
            guard probe.grab(window, width: f.width, height: f.height, into: &current) else { break }
            if current.count != last.count || memcmp(current, last, current.count) != 0 {
                swap(&current, &last)
                lastChange = at
                changes.append(at - mappedAt)
            }
        }
        if getenv("BENCH_DEBUG") != nil {
            Bench.say("damage: changes after map at \(changes.map { fmt($0, 1) }.joined(separator: ", ")) ms")
        }
        return lastChange
    }

    /// Waits until no top-level window but the probe is mapped, then forgets the events.
    private func waitUntilGone() {
        let deadline = Instant.now + 5
        while Instant.now < deadline && !probe.mappedTopLevels.isEmpty { sleep(ms: 10) }
        sleep(ms: 100)
        probe.drain()
    }

    /// The floor: the probe's own XTest key press → its KeyPress, same connection, same clock.
    private func floorLatency(keycode: UInt32) throws(HarnessError) -> Samples {
        var samples = Samples()
        for i in 0..<(warmup + presses) {
            probe.drain()
            let t0 = Instant.now
            probe.key(keycode, true)
            let got = probe.waitForKeyPress(keycode: keycode)
            probe.key(keycode, false)
            guard let got else { throw HarnessError("the probe's own key press never arrived") }
            if i >= warmup { samples.add(got.at - t0) }
            sleep(ms: 5)
        }
        return samples
    }

    /// Pointer press (or, for a keyboard that types on release, the release) on the key at
    /// `point` → the probe's KeyPress for `keycode`.
    private func pressLatency(_ subject: Subject, at point: (x: Int, y: Int), keycode: UInt32) throws(HarnessError)
        -> (samples: Samples, misses: Int) {
        var samples = Samples()
        var misses = 0
        probe.movePointer(x: point.x, y: point.y)
        sleep(ms: 50)
        for i in 0..<(warmup + presses) {
            probe.drain()
            let t0: Instant
            let got: (keycode: UInt32, at: Instant)?
            if subject.typesOnPress {
                t0 = Instant.now
                probe.button(true)
                got = probe.waitForKeyPress(keycode: keycode)
                probe.button(false)
            } else {
                probe.button(true)
                XSync(probe.d, 0)
                // Let it draw the pressed key before the release that makes it type.
                sleep(ms: 10)
                probe.drain()
                t0 = Instant.now
                probe.button(false)
                got = probe.waitForKeyPress(keycode: keycode)
            }
            if let got {
                if i >= warmup { samples.add(got.at - t0) }
            } else {
                misses += 1
                if misses > presses / 10 { throw HarnessError("\(subject.name) typed nothing for \(misses) clicks") }
            }
            // Pace the presses (~30 ms apart) so each finds the keyboard idle.
            sleep(ms: 25)
        }
        return (samples, misses)
    }

    /// Pointer press → the ALSA file device's file modified (inotify IN_MODIFY).
    private func clickAudio(file: String, at point: (x: Int, y: Int)) -> (samples: Samples, misses: Int) {
        var samples = Samples()
        var misses = 0
        let notify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { close(notify) }
        guard notify >= 0, inotify_add_watch(notify, file, UInt32(IN_MODIFY)) >= 0 else { return (samples, -1) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        probe.movePointer(x: point.x, y: point.y)
        for i in 0..<(warmup + 50) {
            // The previous click has long been drained: forget its writes.
            while read(notify, &buffer, buffer.count) > 0 {}
            probe.drain()
            let t0 = Instant.now
            probe.button(true)
            var fds = pollfd(fd: notify, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, 500)
            let t1 = Instant.now
            probe.button(false)
            if ready == 1 {
                if i >= warmup { samples.add(t1 - t0) }
            } else {
                misses += 1
            }
            // Longer than the 28 ms click and its drain, so each click starts from idle.
            sleep(ms: 80)
        }
        return (samples, misses)
    }
}
