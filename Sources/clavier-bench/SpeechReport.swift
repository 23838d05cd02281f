extension SpeechBench {
    /// The speech section of the report: its own table, as the Wayland rows have theirs.
    static func markdown(_ f: Figures, runs: Int, load: String) -> String {
        var lines = ["## Speech (issue 50)", ""]
        lines.append("Measured \(Machine.date) by `make bench` (release build) on \(Machine.processors) CPUs, load average "
                     + "\(load) (1, 5, 15 min) when the section began. Clavier on a private Xvfb 1280×800 with no window manager, "
                     + "speaking to a fake speech-dispatcher: a Unix socket (`SPEECHD_ADDRESS`) read in the bench's own thread, "
                     + "answering as SSIP does at once (`230`, `225`, the `702 END` event); nothing is synthesised or heard, so "
                     + "each figure ends where speech-dispatcher would have the request. \(runs) runs after \(warmup) to warm up, "
                     + "~30 ms apart; ms, median (p95).")
        lines.append("")
        lines.append("| figure | how | goal | Clavier | goal met |")
        lines.append("| --- | --- | --- | --- | --- |")
        func row(_ figure: String, _ how: String, _ goal: String, _ value: String, met: Bool? = nil) {
            lines.append("| \(figure) | \(how) | \(goal) | \(value) | \(met.map { $0 ? "yes" : "**no**" } ?? "") |")
        }
        let scan = "two-switch scanning (`--scan-switch F9,F10 --speech on`, no clock): an XTest press and release of the step switch F9"
        row("highlight → first speech byte sent", "\(scan) → the first byte Clavier writes to the socket", "(report)",
            p95(f.stepFirstByte) + misses(f.stepMisses, "steps"))
        row("highlight → speech request sent", "same → the end of the prompt's `SPEAK` data (its lone dot) read", "≤ 20 ms",
            p95(f.stepRequest) + misses(f.stepMisses, "steps"), met: f.stepRequest.count > 0 ? f.stepRequest.median <= 20 : nil)
        row("Speak key → sentence's request sent", "the us layout's Speak cell on the bar (speech on), \"hi\" typed: an XTest button press and release on Speak (sent together), from the press → "
            + "the end of the sentence's `SPEAK` data read", "(report)", p95(f.speakKey) + misses(f.speakMisses, "clicks"))
        func memory(_ key: String, uss: Bool) -> String {
            guard let m = f.memory[key] else { return "—" }
            return fmt((uss ? m.uss : m.rss) / 1024, 1)
        }
        for (when, how) in [("start", "2 s after its window mapped"), ("used", "2 s after the \(warmup + runs) steps")] {
            row("RSS, speech off / on, \(when == "start" ? "after start" : "after the steps")",
                "the scanning keyboard above, /proc/PID/smaps_rollup \(how), MB", "",
                "\(memory("off \(when)", uss: false)) / \(memory("on \(when)", uss: false))")
            row("USS, speech off / on, \(when == "start" ? "after start" : "after the steps")",
                "same, private pages only (`Private_Clean` + `Private_Dirty`), MB", "",
                "\(memory("off \(when)", uss: true)) / \(memory("on \(when)", uss: true))")
        }
        let a11y = "one keyboard (`--no-sound`, us) on a private session bus with at-spi2-core's accessibility bus: with accessibility off, "
            + "2 s after its window mapped / on (`IsEnabled` set, as a test tool does), 2 s after a libatspi client (python3-gi) "
            + "listed its \(f.accessibleButtons) buttons; /proc/PID/smaps_rollup, MB"
        row("RSS, accessible keys off / on", a11y, "", "\(memory("a11y off", uss: false)) / \(memory("a11y on", uss: false))")
        row("USS, accessible keys off / on", "same, private pages only, MB", "",
            "\(memory("a11y off", uss: true)) / \(memory("a11y on", uss: true))")
        lines.append("")
        for failure in f.failures { lines.append("- \(failure)") }
        if !f.failures.isEmpty { lines.append("") }
        return lines.joined(separator: "\n")
    }

    private static func p95(_ s: Samples) -> String {
        s.count > 0 ? "\(fmt(s.median)) (p95 \(fmt(s.p95)))" : "—"
    }

    private static func misses(_ n: Int, _ what: String) -> String {
        n > 0 ? "; \(n) \(what) said nothing within 1 s, left out" : ""
    }
}
