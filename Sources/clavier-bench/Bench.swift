import ClavierTestSupport
import Glibc

/// `clavier-bench`: the figures of issue 6 — Clavier in-process, and Clavier beside xvkbd,
/// matchbox-keyboard and onboard on a private Xvfb — as one Markdown table on standard
/// output and in `--output`, then Clavier beside wvkbd on a headless sway (WaylandBench.swift)
/// in a table of its own.
@main
struct Bench {
    static func main() {
        var options = BenchOptions(arguments: CommandLine.arguments.dropFirst())
        if options.glide || options.glideTune {
            runGlide(options)
            return
        }
        if options.autocorrect || options.autocorrectTune {
            runAutocorrect(options)
            return
        }
        if options.autocorrectLive {
            runAutocorrectLive(options)
            return
        }
        if options.jsonOnly {
            emit(options) { JSONFigures.report(runs: options.quick ? 11 : 51) }
            return
        }
        if options.clavier.isEmpty { options.clavier = siblingBinary("clavier") }
        if options.predictionOnly {
            let report = PredictionFigures.report(models: options.models ?? assets() + "/models",
                                                  texts: options.ksrDirectory ?? assets() + "/../bench/ksr", only: options.texts)
            print(report)
            if let output = options.output { try? TextFile.write(output, report) }
            return
        }
        // Only Wayland rows asked for: no Xvfb, no X table.
        if let only = options.only, !only.isEmpty, only.isSubset(of: WaylandBench.names + KWinBench.names + GnomeBench.names) {
            emit(options) { waylandSection(options) }
            return
        }
        if options.only == ["speech"] {
            emit(options) { speechSection(options) }
            return
        }
        emit(options) { try runAll(options) }
    }

    /// The speech figures (SpeechBench.swift) on their own Xvfb.
    static func speechSection(_ options: BenchOptions) -> String {
        say("speech: highlight → request, Speak → request, memory with speech off and on")
        return SpeechBench.section(binary: options.clavier, runs: options.presses ?? (options.quick ? 30 : 100))
    }

    /// The Wayland rows (WaylandBench.swift on sway, KWinBench.swift on KWin, GnomeBench.swift on mutter), nil when `--only` names none of them.
    static func waylandSection(_ options: BenchOptions) -> String? {
        let logs = "/tmp/clavier-bench-\(getpid())"
        mkdir(logs, 0o755)
        // --no-peers: Clavier's rows alone.
        let only = options.peers ? options.only : (options.only ?? Set(WaylandBench.names + KWinBench.names + GnomeBench.names)).subtracting(["wvkbd", "maliit-kwin"])
        let sections = [WaylandBench.section(clavier: options.clavier, only: only, quick: options.quick, presses: options.presses,
                                             startupRuns: options.startupRuns, logs: logs),
                        KWinBench.section(clavier: options.clavier, only: only, quick: options.quick, presses: options.presses,
                                          startupRuns: options.startupRuns, logs: logs),
                        GnomeBench.section(clavier: options.clavier, only: only, quick: options.quick, presses: options.presses,
                                           startupRuns: options.startupRuns, logs: logs)].compactMap { $0 }
        return sections.isEmpty ? nil : sections.joined(separator: "\n")
    }

    /// Prints the report `make` gives (nil: none) and writes it to `--output`; an error ends
    /// the bench.
    static func emit(_ options: BenchOptions, _ make: () throws -> String?) {
        do {
            guard let report = try make() else { return }
            print(report)
            if let output = options.output { try TextFile.write(output, report) }
        } catch {
            say("\(error)")
            exit(1)
        }
    }

    /// Progress and errors on standard error (write(2): no shared FILE).
    static func say(_ line: String) {
        let bytes = Array("clavier-bench: \(line)\n".utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    static func runAll(_ options: BenchOptions) throws(HarnessError) -> String {
        guard access(options.clavier, X_OK) == 0 else { throw HarnessError("no clavier binary at \(options.clavier)") }
        let logs = "/tmp/clavier-bench-\(getpid())"
        mkdir(logs, 0o755)
        var report = Report()
        report.binaries["clavier"] = BinarySize.measure(options.clavier)
        // Clavier's own figures (in-process painting, `clavier type`) come with its subject.
        let clavierFigures = options.only?.contains("clavier") ?? true

        var inProcess = InProcessFigures()
        if clavierFigures {
            say("painting in-process (1920×450)")
            inProcess = try InProcessFigures.render(runs: options.quick ? 20 : 100)
        }

        let server = try Xvfb(width: 1920, height: 1080, displays: Array(150...199))
        say("Xvfb \(server.display) 1920×1080×24, no window manager")
        if clavierFigures {
            try InProcessFigures.pressRepaint(display: server.display, runs: options.quick ? 50 : 200, into: &inProcess)
        }
        report.inProcess = inProcess

        let probe = try Probe(display: server.display, probeRect: (1700, 20))
        let dockHeight = Int(min((1920 * 0.258).rounded(), 1080 * 0.45))
        let rect = (x: 0, y: 1080 - dockHeight, width: 1920, height: dockHeight)
        var measure = Measure(probe: probe, server: server, rect: rect, logDirectory: logs)
        if options.quick {
            measure.startupRuns = 3
            measure.presses = 50
            measure.idleSeconds = 3
        }
        if let presses = options.presses { measure.presses = presses }
        if let runs = options.startupRuns { measure.startupRuns = runs }
        if let idle = options.idleSeconds { measure.idleSeconds = idle }
        let env = ["DISPLAY": server.display, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        // The pointer rests away from every keyboard while they start and idle.
        probe.movePointer(x: 1800, y: 60)

        let clickFile = "\(logs)/click.raw"
        // Clavier's config, state and kept pictures in the bench's own directory: the bench
        // never reads or changes the user's, and its first start finds no picture kept.
        var clavierEnv = env
        for (name, dir) in [("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")] {
            clavierEnv[name] = "\(logs)/\(dir)"
        }
        // A bare `clavier`, as autostart runs it; the click goes to a file through the config file.
        mkdir("\(logs)/config", 0o755)
        mkdir("\(logs)/config/clavier", 0o755)
        try TextFile.write("\(logs)/config/clavier/config.yaml", "sound-device: \"file:'\(clickFile)',raw\"\n")
        let clavier = Subject(name: "clavier", command: [options.clavier], environment: clavierEnv, typesOnPress: true)
        // What PressBreakdown starts again with its probe: each keyboard measured here.
        var measured: [(Subject, PressBreakdown.PressPoint)] = []
        if options.only?.contains("clavier") ?? true {
            let clavierPoint = PressPoints.clavier(binary: options.clavier)
            measured.append((clavier, clavierPoint))
            say("measuring clavier")
            report.results["clavier"] = measure.measure(clavier, pressPoint: clavierPoint, clickFile: clickFile)
            // matchbox-keyboard starts at 160×48 here (it has no size option): Clavier at that
            // size too, for a like-for-like start-up.
            say("measuring clavier at 160×48")
            var small = measure
            small.presses = 0
            small.idleSeconds = 0
            let tiny = Subject(name: "clavier-160x48", command: clavier.command + ["--geometry", "160x48+0+0"],
                               environment: clavierEnv, typesOnPress: true)
            report.results[tiny.name] = small.measure(tiny, pressPoint: PressPoints.clavier(binary: options.clavier))
            say("measuring clavier's presses on the core pointer (a server without XInput 2)")
            report.results[Self.corePointer] = measureCorePointer(clavier, options: options, presses: measure.presses, logs: logs)
        }

        if options.peers {
            let geometry = "\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)"
            var peers: [(Subject, (Probe, UInt) throws(HarnessError) -> (x: Int, y: Int, keycode: UInt32))] = []
            var xvkbd = Subject(name: "xvkbd", command: ["xvkbd", "-geometry", geometry], environment: env, typesOnPress: false)
            if Harness.which("xvkbd") == nil { xvkbd.unavailable = "not installed" }
            peers.append((xvkbd, PressPoints.scan(name: "xvkbd")))

            var matchbox = Subject(name: "matchbox-keyboard", command: ["matchbox-keyboard"], environment: env, typesOnPress: false)
            if Harness.which("matchbox-keyboard") == nil { matchbox.unavailable = "not installed" }
            // It has no size option and, with no window manager, keeps its minimal size: it is
            // measured starting at that size, then resized to Clavier's rectangle for the clicks.
            let scanMatchbox = PressPoints.scan(name: "matchbox-keyboard")
            peers.append((matchbox, { (probe: Probe, window: UInt) throws(HarnessError) in
                probe.moveResize(window, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
                sleep(ms: 500)
                return try scanMatchbox(probe, window)
            }))

            var onboard = Subject(name: "onboard", command: ["onboard", "-s", "\(rect.width)x\(rect.height)",
                                                             "-x", "\(rect.x)", "-y", "\(rect.y)"],
                                  environment: env, typesOnPress: false)
            var bus: SessionBus?
            if Harness.which("onboard") == nil {
                onboard.unavailable = "not installed"
            } else if let started = try? SessionBus(addressFile: "\(logs)/dbus-address") {
                bus = started
                onboard.environment.merge(started.environment) { $1 }
            } else {
                onboard.unavailable = "no session D-Bus (dbus-daemon failed)"
            }
            peers.append((onboard, PressPoints.scan(name: "onboard")))

            for (subject, point) in peers where options.only?.contains(subject.name) ?? true {
                report.subjects.append(subject)
                if let why = subject.unavailable {
                    var r = SubjectResult()
                    r.failure = why
                    report.results[subject.name] = r
                    continue
                }
                say("measuring \(subject.name)")
                if let path = Harness.which(subject.command[0]) { report.binaries[subject.name] = BinarySize.measure(path) }
                report.results[subject.name] = measure.measure(subject, pressPoint: point)
                measured.append((subject, point))
            }
            withExtendedLifetime(bus) {}  // The bus lives while onboard is measured, and stops here.
        }

        // Where clavier-bench is: make bench builds the C programs of the floors and the press there.
        let binaries = String(siblingBinary("").dropLast())
        if measure.presses > 0, !measured.isEmpty {
            report.breakdown = PressBreakdown.measure(measured, with: measure, rect: rect, directory: binaries, logs: logs)
        }

        if options.only?.contains("clavier") ?? true {
            say("floors for resident memory")
            report.floors = Floors.measure(directory: binaries,
                                           layout: options.floorLayout ?? siblingBinary("../../../Assets/layouts/us.yaml"),
                                           display: server.display,
                                           runs: options.quick ? 1 : 3)
        }

        if options.only?.contains("auto-show") ?? true {
            say("auto-show: focus → mapped")
            report.autoShow = AutoShowLatency.measure(binary: options.clavier, probe: probe, environment: clavierEnv, logs: logs,
                                                      runs: options.quick ? 5 : 20)
            probe.focus()
        }

        if clavierFigures {
            say("clavier type")
            report.typing = TypeThroughput.measure(binary: options.clavier, probe: probe, environment: ["DISPLAY": server.display])
        }
        report.runs = (measure.startupRuns, measure.presses, measure.idleSeconds)
        report.dockSize = "\(rect.width)×\(rect.height)"
        var sections = [report.markdown()]
        if let wayland = waylandSection(options) { sections.append(wayland) }
        if options.only?.contains("speech") ?? true { sections.append(speechSection(options)) }
        if options.only?.contains("prediction") ?? true {
            say("word prediction")
            // --quick: the English texts only (the whole set takes minutes).
            sections.append(PredictionFigures.report(models: options.models ?? assets() + "/models", texts: assets() + "/../bench/ksr",
                                                     only: options.texts ?? (options.quick ? ["en-prose", "en-casual"] : nil)))
        }
        if options.only?.contains("glide") ?? true {
            say("glide typing")
            sections.append(try glideSection(options))
        }
        if options.only?.contains("autocorrect") ?? true {
            say("autocorrect")
            sections.append(try autocorrectSection(options))
            say("autocorrect through the running keyboard")
            sections.append(try autocorrectLiveSection(options))
        }
        return sections.joined(separator: "\n")
    }

    /// The source tree's Assets/, from .build/<triple>/<configuration>/clavier-bench.
    static func assets() -> String { siblingBinary("") + "../../../Assets" }

    /// The result name of Clavier's presses on a server without XInput 2.
    static let corePointer = "clavier-core-pointer"

    /// Press → KeyPress where the server has no Generic Event Extension, so no XInput 2: Clavier
    /// then reads the core pointer, where with XI 2.2 it reads XI2 buttons and touches. Its own
    /// Xvfb and probe; one start, no idle.
    static func measureCorePointer(_ clavier: Subject, options: BenchOptions, presses: Int, logs: String) -> SubjectResult {
        do throws(HarnessError) {
            let server = try Xvfb(width: 1920, height: 1080, displays: Array(200...249),
                                  arguments: ["-extension", "Generic Event Extension"])
            let probe = try Probe(display: server.display, probeRect: (1700, 20))
            let dockHeight = Int(min((1920 * 0.258).rounded(), 1080 * 0.45))
            var measure = Measure(probe: probe, server: server, rect: (0, 1080 - dockHeight, 1920, dockHeight), logDirectory: logs)
            (measure.startupRuns, measure.presses, measure.idleSeconds) = (1, presses, 0)
            probe.movePointer(x: 1800, y: 60)
            let subject = Subject(name: corePointer, command: clavier.command,
                                  environment: clavier.environment.merging(["DISPLAY": server.display]) { $1 }, typesOnPress: true)
            return withExtendedLifetime(server) {
                measure.measure(subject, pressPoint: PressPoints.clavier(binary: options.clavier))
            }
        } catch {
            var result = SubjectResult()
            result.failure = "\(error)"
            return result
        }
    }

    /// A program beside this executable (`.build/release/clavier` beside `clavier-bench`).
    static func siblingBinary(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return name }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[..<slash]) + "/" + name
    }
}
