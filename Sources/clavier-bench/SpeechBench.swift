import ClavierTestSupport
import FoundationEssentials
import Glibc

/// Issue 50's speech figures: Clavier (`--speech on`) on a private Xvfb, speaking to a fake
/// speech-dispatcher (SpeechSocket) read in the bench's own thread: (a) a press of the step
/// switch of two-switch scanning → the new highlight's prompt on the socket (its first byte,
/// and its SPEAK request whole); (b) a click on a Speak key → the sentence's request whole;
/// (c) resident memory of the same scanning keyboard with speech off and on; (d) that of a
/// keyboard whose keys are accessible, before and after a client read them (AccessibleBench.swift).
/// The speech figures end where speech-dispatcher would receive the request: no synthesis, no audio.
enum SpeechBench {
    struct Figures {
        var stepFirstByte = Samples(), stepRequest = Samples(), speakKey = Samples()
        var stepMisses = 0, speakMisses = 0
        /// RSS and USS in kB, by "off"/"on" and "start"/"used", and "a11y off"/"a11y on".
        var memory: [String: (rss: Double, uss: Double)] = [:]
        /// How many buttons the accessibility client listed.
        var accessibleButtons = 0
        var failures: [String] = []
    }

    /// The step switch, F9 (XK_F9).
    static let stepKeysym: UInt32 = 0xffc6
    static let warmup = 10

    static func section(binary: String, runs: Int) -> String {
        let load = TextFile.read("/proc/loadavg").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "?"
        var figures = Figures()
        do throws(HarnessError) {
            let server = try Xvfb(width: 1280, height: 800, displays: Array(150...199))
            withExtendedLifetime(server) {
                for speech in [false, true] {
                    do throws(HarnessError) {
                        try scanning(display: server.display, binary: binary, speech: speech, runs: runs, into: &figures)
                    } catch { figures.failures.append("scanning, speech \(speech ? "on" : "off"): \(error)") }
                }
                do throws(HarnessError) {
                    try speakKey(display: server.display, binary: binary, runs: runs, into: &figures)
                } catch { figures.failures.append("the Speak key: \(error)") }
                do throws(HarnessError) {
                    try accessible(display: server.display, binary: binary, into: &figures)
                } catch { figures.failures.append("the accessible keys: \(error)") }
            }
        } catch { figures.failures.append("\(error)") }
        return markdown(figures, runs: runs, load: load)
    }

    private static func directory() -> String {
        let path = "/tmp/clavier-bench-speechd-\(getpid())"
        mkdir(path, 0o700)
        return path
    }

    /// Two-switch scanning with no clock: each press of the step switch moves the highlight
    /// (row after row, round again) and, with speech on, says the new row.
    private static func scanning(display: String, binary: String, speech: Bool, runs: Int, into f: inout Figures) throws(HarnessError) {
        let mode = speech ? "on" : "off"
        let speechd = try SpeechSocket(at: directory() + "/scan-\(mode).sock")
        let live = try LiveKeyboard(display: display, binary: binary, name: "speech-\(mode)",
                                    arguments: ["--no-sound", "--scan-switch", "F9,F10", "--suggestions", "0", "--speech", mode],
                                    adding: ["SPEECHD_ADDRESS": speechd.address])
        defer { live.child.stop() }
        // The first row is said at start.
        if speech, speechd.pump(seconds: 10, until: { $0 >= 1 }).done == nil {
            throw HarnessError("no prompt said at start (see \(live.home)/log)")
        }
        speechd.pump(seconds: Measure.restMs / 1000)
        if let m = ProcStats.memory(pid: live.child.pid) { f.memory["\(mode) start"] = (m.rss, m.uss) }
        let step = live.probe.keycode(of: stepKeysym)
        for i in 0..<(warmup + runs) {
            speechd.pump(seconds: 0.001)
            let before = speechd.requests
            let t0 = Instant.now
            live.probe.key(step, true)
            live.probe.key(step, false)
            if speech {
                let got = speechd.pump(seconds: 1) { $0 > before }
                if let first = got.first, let done = got.done {
                    if i >= warmup {
                        f.stepFirstByte.add(first - t0)
                        f.stepRequest.add(done - t0)
                    }
                } else {
                    f.stepMisses += 1
                    if f.stepMisses > runs / 10 { throw HarnessError("\(f.stepMisses) steps said nothing (see \(live.home)/log)") }
                }
            }
            // Paced as the press bench is, so each press finds the keyboard idle.
            speechd.pump(seconds: 0.03)
        }
        speechd.pump(seconds: Measure.restMs / 1000)
        if let m = ProcStats.memory(pid: live.child.pid) { f.memory["\(mode) used"] = (m.rss, m.uss) }
        guard live.child.isRunning else { throw HarnessError("clavier exited (see \(live.home)/log)") }
    }

    /// What `clavier geometry` prints, as far as the bench reads it.
    private struct Printed: Decodable {
        struct Box: Decodable {
            let id: String
            let x: Int, y: Int, width: Int, height: Int
        }
        let keys: [Box]
        let accessory: [Box]?
    }

    /// The shipped us layout with speech on, whose bar ends in Speak: "hi" typed, then each
    /// click on Speak says the sentence.
    private static func speakKey(display: String, binary: String, runs: Int, into f: inout Figures) throws(HarnessError) {
        let speechd = try SpeechSocket(at: directory() + "/speak.sock")
        let arguments = ["--layout", "us"]
        let live = try LiveKeyboard(display: display, binary: binary, name: "speech-key",
                                    arguments: arguments + ["--no-sound", "--no-learning", "--speech", "on"],
                                    adding: ["SPEECHD_ADDRESS": speechd.address])
        defer { live.child.stop() }
        let (probe, frame) = (live.probe, live.frame)
        let run = try Harness.run([binary, "geometry", "--speech"] + arguments + ["--size", "\(frame.width)x\(frame.height)"],
                                  environment: live.environment, timeout: 30)
        guard run.status == 0, let printed = try? JSONDecoder().decode(Printed.self, from: Data(run.out.utf8)) else {
            throw HarnessError("clavier geometry: \(run.err) \(run.out.prefix(200))")
        }
        func centre(_ id: String) throws(HarnessError) -> (x: Int, y: Int) {
            guard let box = (printed.keys + (printed.accessory ?? [])).first(where: { $0.id == id }) else {
                throw HarnessError("clavier geometry shows no key \(id)")
            }
            return (frame.x + box.x + box.width / 2, frame.y + box.y + box.height / 2)
        }
        for id in ["h", "i"] {
            let at = try centre(id)
            probe.movePointer(x: at.x, y: at.y)
            speechd.pump(seconds: 0.05)
            probe.button(true)
            probe.button(false)
            speechd.pump(seconds: 0.1)
        }
        let speak = try centre("speak")
        if getenv("BENCH_DEBUG") != nil { Bench.say("speech: window \(frame), Speak at \(speak), \(speechd.requests) said; \(run.out.prefix(400))") }
        probe.movePointer(x: speak.x, y: speak.y)
        speechd.pump(seconds: 0.05)
        for i in 0..<(warmup + runs) {
            speechd.pump(seconds: 0.001)
            let before = speechd.requests
            let t0 = Instant.now
            // Press and release at once: a function key may act on either.
            probe.button(true)
            probe.button(false)
            let got = speechd.pump(seconds: 1) { $0 > before }
            if let done = got.done {
                if i >= warmup { f.speakKey.add(done - t0) }
            } else {
                f.speakMisses += 1
                if f.speakMisses > runs / 10 { throw HarnessError("\(f.speakMisses) clicks on Speak said nothing (see \(live.home)/log)") }
            }
            speechd.pump(seconds: 0.03)
        }
        guard live.child.isRunning else { throw HarnessError("clavier exited (see \(live.home)/log)") }
    }
}
