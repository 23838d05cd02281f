/// The one table of issue 6, with the machine it was measured on, as Markdown.
struct Report {
    var inProcess = InProcessFigures()
    var subjects: [Subject] = []
    var results: [String: SubjectResult] = [:]
    var floors = Floors()
    /// The executables' sizes on disk, by subject name.
    var binaries: [String: BinarySize] = [:]
    var typing: TypeThroughput.Outcome = .unavailable("not run")
    var autoShow: AutoShowLatency.Outcome = .unavailable("not run")
    var runs = (startup: 10, presses: 200, idle: 10.0)
    /// Where the press's time goes (PressBreakdown.swift); nil: not run.
    var breakdown: PressBreakdown.Figures?
    var dockSize = ""

    private var peers: [String] { subjects.map(\.name) }

    func markdown() -> String {
        var lines: [String] = []
        lines.append("# Clavier benchmark results")
        lines.append("")
        lines.append("Measured \(Machine.date) by `make bench` (release build) on: \(Machine.processors) CPUs (`nproc`), "
                     + "\(Machine.cpuModel), \(Machine.kernel), \(Machine.memoryTotal) RAM. X server: a private Xvfb "
                     + "1920×1080×24 with no window manager. Figures are medians; (a–b) is min–max, p95 the 95th percentile.")
        lines.append("")
        let header = ["figure", "how", "goal", "Clavier"] + peers + ["Clavier ÷ best peer", "goal met"]
        lines.append("| " + header.joined(separator: " | ") + " |")
        lines.append("|" + header.map { _ in " --- " }.joined(separator: "|") + "|")
        func row(_ figure: String, _ how: String, _ goal: String, clavier: String, peers: [String]? = nil,
                 ratio: String = "", met: Bool? = nil) {
            let peerCells = peers ?? self.peers.map { _ in "—" }
            let metCell = met.map { $0 ? "yes" : "**no**" } ?? ""
            lines.append("| " + ([figure, how, goal, clavier] + peerCells + [ratio, metCell]).joined(separator: " | ") + " |")
        }
        let c = results["clavier"] ?? SubjectResult()
        let ip = inProcess

        row("render the whole keyboard, 1920×450", "in-process `paintAll`, warm painter, \(ip.paintAll.count) runs, ms",
            "≤ 8 ms", clavier: range(ip.paintAll), met: ip.paintAll.median <= 8)
        row("first paint with a new painter, 1920×450", "in-process: the process's first paint (fonts and caches cold); then new painters, 10 runs, ms",
            "(start-up path)", clavier: "first \(fmt(ip.firstPaint)); then \(range(ip.newPainter))")
        row("repaint + put on screen one pressed key", "in-process reducer → `paint(area)` into a key-sized canvas → `XPutImage` (\(ip.pressRepaintArea)) → XSync, \(ip.pressRepaint.count) presses, ms",
            "≤ 0.5 ms", clavier: range(ip.pressRepaint), met: ip.pressRepaint.median <= 0.5)

        // Press → KeyPress.
        let bestPress = best(\.press.median)
        let pressMet = c.press.count > 0 && c.press.median <= (bestPress ?? .infinity) && c.press.median <= c.floor.median + 0.15
        row("pointer → KeyPress in a focused probe", "XTest click on a letter key, one clock in one process, \(runs.presses) clicks ~30 ms apart; Clavier from the button press, peers from the release (what makes each type), ms, median (p95)",
            "≤ best peer, ≤ floor + 0.15 ms", clavier: latency(c), peers: peers.map { latency(results[$0]) },
            ratio: ratio(c.press.median, bestPress), met: c.press.count > 0 ? pressMet : nil)
        if let core = results[Bench.corePointer] {
            row("same, on the core pointer", "as above, on a second Xvfb started without the Generic Event Extension, so without XInput 2: Clavier reads the core pointer instead of XI2 buttons and touches; its floor \(p95(core.floor)), ms, median (p95)",
                "not worse than with XI2", clavier: latency(core), peers: peers.map { _ in "—" })
        }
        row("floor: the probe's own XTest key → KeyPress", "same probe, \(runs.presses) keys, in each keyboard's session, ms, median (p95)",
            "", clavier: p95(c.floor), peers: peers.map { p95(results[$0]?.floor) })
        if let b = breakdown {
            let own = { (name: String) -> String in b.ownTime[name].map { p95($0, digits: 1) } ?? b.ownTimeMissing.map { "not measured: \($0)" } ?? "—" }
            row("of which the keyboard's own time: button event read → key written", "a second start of each with an LD_PRELOAD probe (tools/bench-press-shim.c): inside the keyboard, the recvmsg that brings the button event that types → the writev of its XTest key, the last \(runs.presses) clicks, µs, median (p95)",
                "(report)", clavier: own("clavier"), peers: peers.map(own))
            let instant = b.instant.map { "\(latency($0)); its own time \(p95(b.instantOwnTime, digits: 1)) µs" }
            row("floor: a C keyboard that only types on the press", "tools/bench-instant-keyboard.c at Clavier's place: on a core button press it sends the key through XTest and does nothing else; pointer → KeyPress as above, ms, median (p95)",
                "(report)", clavier: instant ?? "not measured: \(b.instantMissing ?? "—")")
        }

        let bestMapped = best(\.mapped.median), bestPainted = best(\.painted.median)
        row("start → window mapped", "exec → MapNotify, \(runs.startup) runs, ms", "", clavier: range(c.mapped),
            peers: peers.map { range(results[$0]?.mapped) }, ratio: ratio(c.mapped.median, bestMapped))
        row("start → window mapped and fully painted", "exec → the window's pixels (XGetImage, polled) reach the picture they keep for 1 s, \(runs.startup) runs, ms",
            "≤ best peer", clavier: range(c.painted), peers: peers.map { range(results[$0]?.painted) },
            ratio: ratio(c.painted.median, bestPainted), met: c.painted.count > 0 ? c.painted.median <= (bestPainted ?? .infinity) : nil)
        if !c.firstPainted.isNaN {
            row("start → fully painted, Clavier's first start", "as above, the first of the runs: no first picture kept yet in its (private) `XDG_CACHE_HOME`, so it waits for fontconfig and Pango; later starts put the kept picture up, then check it against a fresh paint, ms",
                "(report)", clavier: fmt(c.firstPainted, 2), peers: peers.map { _ in "—" })
        }
        if let tiny = results["clavier-160x48"], tiny.painted.count > 0 {
            let mb = results["matchbox-keyboard"]
            row("start → mapped and fully painted at 160×48", "as above, Clavier with `--geometry 160x48+0+0`: the size matchbox-keyboard takes with no window manager (floating: the first of the runs paints, later ones put up the kept picture of the whole window); RSS then \(self.mb(tiny.rssKB)) MB",
                "≤ best peer", clavier: range(tiny.painted),
                peers: peers.map { $0 == "matchbox-keyboard" ? range(mb?.painted) : "—" },
                ratio: ratio(tiny.painted.median, mb?.painted.median),
                met: mb.map { tiny.painted.median <= $0.painted.median })
        }
        row("window size", "as each was asked for \(dockSize) (matchbox-keyboard has no size option)", "", clavier: c.windowSize,
            peers: peers.map { results[$0]?.windowSize ?? "—" })

        let stripped = binaries["clavier"]?.strippedBytes
        let bestStripped = peers.compactMap { binaries[$0]?.strippedBytes }.min()
        row("program size on disk", "the executable's file; stripped (`strip`), what a package installs, MB", "≤ 12 MB stripped",
            clavier: size(binaries["clavier"]), peers: peers.map { size(binaries[$0]) },
            ratio: stripped.map { ratio($0, bestStripped) } ?? "—", met: stripped.map { $0 <= 12 * 1024 * 1024 })
        let bestRSS = best(\.rssKB), bestPSS = best(\.pssKB)
        row("resident memory after start: RSS", "/proc/PID/smaps_rollup, 2 s after the first paint (at rest: Clavier gives its idle pages back 1 s after its last input), MB", "≤ 10 MB",
            clavier: mb(c.rssKB), peers: peers.map { mb(results[$0]?.rssKB) }, ratio: ratio(c.rssKB, bestRSS),
            met: c.rssKB.isFinite ? c.rssKB <= 10 * 1024 : nil)
        row("resident memory after start: PSS", "same, MB", "", clavier: mb(c.pssKB),
            peers: peers.map { mb(results[$0]?.pssKB) }, ratio: ratio(c.pssKB, bestPSS))
        row("resident memory after start: USS", "same, private pages only (`Private_Clean` + `Private_Dirty`: what ending it gives back), MB", "",
            clavier: mb(c.ussKB), peers: peers.map { mb(results[$0]?.ussKB) }, ratio: ratio(c.ussKB, best(\.ussKB)))
        row("resident memory after the presses: RSS", "same, 2 s after the press and click measurements (\(runs.presses) presses of one key), MB", "",
            clavier: mb(c.usedRSSKB), peers: peers.map { mb(results[$0]?.usedRSSKB) }, ratio: ratio(c.usedRSSKB, best(\.usedRSSKB)))
        row("resident memory after the presses: USS", "same, private pages only, MB", "",
            clavier: mb(c.usedUSSKB), peers: peers.map { mb(results[$0]?.usedUSSKB) }, ratio: ratio(c.usedUSSKB, best(\.usedUSSKB)))
        for floor in floors.floors {
            let value = floor.failure.map { "not measured: \($0)" } ?? "\(mb(floor.rss.median)) (PSS \(mb(floor.pss.median)))"
            row("floor for RSS — \(floor.name)", "\(floor.how); RSS 2 s after it is ready, median of \(floor.rss.count), MB", "",
                clavier: value)
        }
        row("CPU time in \(fmt(runs.idle, 0)) s idle", "/proc/PID/task/*/stat utime+stime, ms", "0",
            clavier: ms0(c.idleCPUms), peers: peers.map { ms0(results[$0]?.idleCPUms) },
            met: c.idleCPUms.isFinite ? c.idleCPUms == 0 : nil)
        row("context switches (wakeups) in \(fmt(runs.idle, 0)) s idle", "/proc/PID/task/*/status voluntary + involuntary", "0",
            clavier: count(c.idleSwitches), peers: peers.map { count(results[$0]?.idleSwitches) },
            met: c.idleSwitches >= 0 ? c.idleSwitches == 0 : nil)
        let audioNote = c.clickMisses > 0 ? " (\(c.clickMisses) clicks wrote nothing)" : ""
        row("pointer press → click audio written", "ALSA `file:'PATH',raw` device, inotify IN_MODIFY on the file, \(c.clickAudio.count) presses, ms",
            "≤ 10 ms", clavier: range(c.clickAudio) + audioNote, met: c.clickAudio.count > 0 ? c.clickAudio.median <= 10 : nil)
        let typed: String
        switch typing {
        case .unavailable(let why): typed = why
        case .failed(let why): typed = "failed: \(why)"
        case .measured(let total, let steady, let chars):
            typed = "\(fmt(total, 0)) chars/s from exec; \(fmt(steady, 0)) chars/s first → last key (\(chars) chars)"
        }
        row("`clavier type` throughput", "\(TypeThroughput.text.count) ASCII characters into the probe, chars/s", "report", clavier: typed)
        let shown: String
        switch autoShow {
        case .unavailable(let why): shown = why
        case .failed(let why): shown = "failed: \(why)"
        case .measured(let samples): shown = range(samples)
        }
        row("`--auto-show`: text field focused → keyboard mapped",
            "a GTK 3 entry's grab_focus → MapNotify, through the accessibility bus (AT-SPI), ms", "report", clavier: shown)

        lines.append("")
        for name in ["clavier"] + peers {
            guard let r = results[name] else { continue }
            if let failure = r.failure { lines.append("- \(name): \(failure)") }
            if r.pressMisses > 0 { lines.append("- \(name): \(r.pressMisses) clicks typed nothing and were left out") }
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// The lowest of the peers' figures, ignoring those not measured.
    private func best(_ figure: KeyPath<SubjectResult, Double>) -> Double? {
        peers.compactMap { results[$0]?[keyPath: figure] }.filter(\.isFinite).min()
    }

    private func ratio(_ value: Double, _ best: Double?) -> String {
        guard let best, best > 0, value.isFinite else { return "—" }
        return fmt(value / best, 2) + "×"
    }

    private func range(_ s: Samples?) -> String {
        guard let s, s.count > 0 else { return "—" }
        return "\(fmt(s.median)) (\(fmt(s.min))–\(fmt(s.max)))"
    }

    private func p95(_ s: Samples?, digits: Int = 3) -> String {
        guard let s, s.count > 0 else { return "—" }
        return "\(fmt(s.median, digits)) (p95 \(fmt(s.p95, digits)))"
    }

    private func latency(_ r: SubjectResult?) -> String {
        guard let r else { return "—" }
        if r.press.count == 0 { return r.failure.map { "not measured: \($0)" } ?? "—" }
        return p95(r.press)
    }

    private func mb(_ kb: Double?) -> String {
        guard let kb, kb.isFinite else { return "—" }
        return fmt(kb / 1024, 1)
    }

    private func size(_ size: BinarySize?) -> String {
        guard let size else { return "—" }
        // A peer of a few kilobytes would read 0.0.
        func text(_ bytes: Double) -> String { bytes < 1_048_576 ? fmt(bytes / 1024, 0) + " kB" : mb(bytes / 1024) }
        return text(size.fileBytes) + (size.strippedBytes.map { " (stripped " + text($0) + ")" } ?? "")
    }

    private func ms0(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        return fmt(value, 0)
    }

    private func count(_ value: Int?) -> String {
        guard let value, value >= 0 else { return "—" }
        return "\(value)"
    }
}
