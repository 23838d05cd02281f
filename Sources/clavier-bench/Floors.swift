import ClavierTestSupport
import Glibc

/// Floors for the resident-memory figure: what programs that do only part of Clavier's work
/// hold, measured as Clavier is (`Measure.restMs` after they are ready). They say how much of Clavier's
/// memory the libraries it is built on take before it does anything of its own.
struct Floors {
    struct Floor {
        let name: String
        let how: String
        var rss = Samples(), pss = Samples()
        var failure: String?
    }

    var floors: [Floor] = []

    /// `bench-floor` (Swift, built by `make release`) and `bench-floor-pango` (C, built by
    /// `make bench`) beside this executable; `layout` is the YAML file the Swift floor reads.
    static func measure(directory: String, layout: String, display: String, runs: Int) -> Floors {
        let swiftFloor = "\(directory)/bench-floor", cFloor = "\(directory)/bench-floor-pango"
        let programs: [(String, String, [String])] = [
            ("C: Pango and Cairo only",
             "a C program that draws the letters page's labels with Pango and Cairo (the theme's fonts and size) into a 1920×242 image, then sleeps",
             [cFloor]),
            ("Swift: layout reader only",
             "a Swift program linked as Clavier is (runtime inside) that reads us.yaml with Clavier's layout reader (on libyaml), then sleeps",
             [swiftFloor, layout]),
            ("Swift: layout reader, Pango and Cairo",
             "the same Swift program, which then also draws the labels as the C program does (Pango loaded as Clavier loads it)",
             [swiftFloor, layout, "--draw"]),
            ("Swift: layout reader, Pango, Cairo and an X window",
             "the same Swift program, which then also shows the labels in a 1920×242 window of its own on the bench's Xvfb (Xlib, linked as Clavier links it)",
             [swiftFloor, layout, "--window"]),
        ]
        var result = Floors()
        for (name, how, command) in programs {
            var floor = Floor(name: name, how: how)
            if access(command[0], X_OK) != 0 {
                floor.failure = "not built"
            } else if command.count > 1, access(layout, R_OK) != 0 {
                floor.failure = "no \(layout)"
            }
            for run in 0..<runs where floor.failure == nil {
                do throws(HarnessError) {
                    let memory = try once(command, display: display, output: "/tmp/clavier-bench-\(getpid())-floor-\(run)")
                    floor.rss.add(memory.rss)
                    floor.pss.add(memory.pss)
                } catch {
                    floor.failure = error.description
                }
            }
            result.floors.append(floor)
        }
        return result
    }

    /// Starts `command`, waits for its "ready", then `Measure.restMs` (as Clavier is measured
    /// after its first paint), and reads its memory in kB.
    private static func once(_ command: [String], display: String, output: String) throws(HarnessError) -> (rss: Double, pss: Double, uss: Double) {
        defer { unlink(output) }
        let child = try ChildProcess(command, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "DISPLAY": display], stdout: output)
        defer { child.stop() }
        let deadline = Instant.now + 30
        while !(TextFile.read(output)?.hasPrefix("ready") ?? false) {
            guard child.isRunning else { throw HarnessError("\(command[0]) ended before it was ready") }
            guard Instant.now < deadline else { throw HarnessError("\(command[0]) was not ready within 30 s") }
            sleep(ms: 10)
        }
        sleep(ms: Measure.restMs)
        guard let memory = ProcStats.memory(pid: child.pid) else { throw HarnessError("no /proc/\(child.pid)/smaps_rollup") }
        return memory
    }
}
