import ClavierTestSupport
import CX11
import Glibc

/// Where the time of pointer → KeyPress goes (issue 26): each keyboard started once more
/// with an LD_PRELOAD probe (tools/bench-press-shim.c) that times, inside the keyboard, the
/// read of the pointer event that makes it type → the write of its XTest key; and a C keyboard that
/// does nothing but type on the press (tools/bench-instant-keyboard.c): what a keyboard that
/// types on the press can reach on this machine. Both are built by `make bench` beside
/// clavier-bench; without them these rows say so and the rest of the bench is unchanged.
enum PressBreakdown {
    typealias PressPoint = (Probe, Window) throws(HarnessError) -> (x: Int, y: Int, keycode: UInt32)

    struct Figures {
        /// Event read → key written, µs, by subject name; nil: not measured (and why).
        var ownTime: [String: Samples] = [:]
        var ownTimeMissing: String?
        /// The instant C keyboard's pointer → KeyPress (`press`) and its own time.
        var instant: SubjectResult?
        var instantOwnTime = Samples()
        var instantMissing: String?
    }

    static func measure(_ subjects: [(Subject, PressPoint)], with measure: Measure, rect: (x: Int, y: Int, width: Int, height: Int),
                        directory: String, logs: String) -> Figures {
        var figures = Figures()
        let shim = directory + "/bench-press-shim.so", instant = directory + "/bench-instant-keyboard"
        guard let opcode = opcode(of: "XTEST", measure.probe) else {
            figures.ownTimeMissing = "no XTest on the server"
            figures.instantMissing = figures.ownTimeMissing
            return figures
        }
        // XInput 2's events are told from others by its opcode (the probe looks for its buttons).
        let xi = self.opcode(of: "XInputExtension", measure.probe)
        // One start each, no idle: only the clicks count here.
        var once = measure
        once.startupRuns = 1
        once.idleSeconds = 0
        func probed(_ subject: Subject) -> (Subject, String) {
            let file = "\(logs)/\(subject.name)-own-time.bin"
            unlink(file)
            var probed = subject
            probed.environment.merge(["LD_PRELOAD": shim, "BENCH_PRESS_OUT": file, "BENCH_XTEST_OPCODE": "\(opcode)",
                                      "BENCH_XI_OPCODE": "\(xi ?? -1)"]) { $1 }
            return (probed, file)
        }
        if access(shim, R_OK) == 0 {
            for (subject, point) in subjects where subject.unavailable == nil {
                Bench.say("the own time of \(subject.name)'s presses (LD_PRELOAD probe)")
                let (run, file) = probed(subject)
                let result = once.measure(run, pressPoint: point)
                // The last clicks are the measured ones (finding the point may type too).
                if result.failure == nil { figures.ownTime[subject.name] = lastSamples(file, count: once.presses) }
            }
        } else {
            figures.ownTimeMissing = "\(shim) not built (make bench builds it)"
        }
        if access(instant, X_OK) == 0 {
            Bench.say("the instant C keyboard")
            let g: UInt32 = 0x67  // The keysym it types.
            let keyboard = Subject(name: "instant-keyboard",
                                   command: [instant, "\(rect.x)", "\(rect.y)", "\(rect.width)", "\(rect.height)",
                                             String(g, radix: 16)],
                                   environment: ["DISPLAY": measure.server.display], typesOnPress: true)
            let middle: PressPoint = { (probe: Probe, _: Window) throws(HarnessError) in
                (rect.x + rect.width / 2, rect.y + rect.height / 2, probe.keycode(of: g))
            }
            var result = once.measure(keyboard, pressPoint: middle)
            if access(shim, R_OK) == 0, result.failure == nil {
                let (run, file) = probed(keyboard)
                result.notes.append("own time from a second start with the probe")
                if once.measure(run, pressPoint: middle).failure == nil {
                    figures.instantOwnTime = lastSamples(file, count: once.presses)
                }
            }
            figures.instant = result
        } else {
            figures.instantMissing = "\(instant) not built (make bench builds it)"
        }
        return figures
    }

    /// An extension's major opcode: the probe recognises the key's request (XTEST) and XInput
    /// 2's pointer events by them.
    private static func opcode(of extensionName: String, _ probe: Probe) -> Int? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(probe.d, extensionName, &opcode, &event, &error) != 0 else { return nil }
        return Int(opcode)
    }

    /// The last `count` samples the probe wrote into `file` (a 32-bit count, 4 pad bytes,
    /// then doubles), µs.
    private static func lastSamples(_ file: String, count: Int) -> Samples {
        var samples = Samples()
        guard let stream = fopen(file, "rb") else { return samples }
        defer { fclose(stream) }
        var header = [UInt32](repeating: 0, count: 2)
        guard fread(&header, 4, 2, stream) == 2 else { return samples }
        let written = Int(min(header[0], 4096))
        var values = [Double](repeating: 0, count: written)
        guard fread(&values, 8, written, stream) == written else { return samples }
        for value in values.suffix(count) { samples.add(value) }
        return samples
    }
}
