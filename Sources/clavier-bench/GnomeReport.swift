/// The GNOME row of `make bench` as a Markdown table of its own (GnomeBench.swift): a GTK 4
/// entry receives the keys through mutter, so it is comparable with KDE Plasma's table, not
/// with the X11 or sway ones.
struct GnomeReport {
    let result: GnomeBench.Result?
    let startupRuns: Int
    let presses: Int
    var failure: String?

    func markdown() -> String {
        var lines = ["## On GNOME: headless mutter 1280×800", ""]
        if let failure {
            lines += ["Not measured: \(failure)", ""]
            return lines.joined(separator: "\n")
        }
        lines.append("A private headless mutter (`mutter --headless --wayland --virtual-monitor 1280x800`, its own session bus). "
                     + "clavier-gnome: Clavier's X window on mutter's XWayland, typing through mutter's RemoteDesktop (D-Bus) into "
                     + "a native GTK 4 entry, which stamps each change of its text in Python: its own handling is in every figure. "
                     + "Nothing else types into GNOME's native windows from outside its shell (GNOME's own keyboard is part of "
                     + "gnome-shell, which does not run headless here), so there is no other keyboard to compare with. Medians; "
                     + "(a–b) is min–max, p95 the 95th percentile.")
        lines.append("")
        lines.append("| figure | how | clavier-gnome |")
        lines.append("| --- | --- | --- |")
        let r = result ?? GnomeBench.Result()
        lines.append("| start → first drawing | exec → the first DamageNotify on Clavier's window on XWayland, \(startupRuns) runs, ms | "
                     + (r.painted.count > 0 ? "\(fmt(r.painted.median)) (\(fmt(r.painted.min))–\(fmt(r.painted.max)))" : "—") + " |")
        lines.append("| pointer press → key received | XTest button press on `g` on XWayland's display (stamped just before "
                     + "XTestFakeButtonEvent) → the entry's next change, \(presses) clicks 110 ms apart after 10 unrecorded, ms, median (p95) | "
                     + (r.press.count > 0 ? "\(fmt(r.press.median, 3)) (p95 \(fmt(r.press.p95, 3)))" : "—")
                     + (r.misses > 0 ? "; \(r.misses) missed" : "") + " |")
        lines.append("| resident memory after start / after the presses: RSS | /proc/PID/smaps_rollup, MB | "
                     + "\(mb(r.rssKB)) / \(mb(r.usedRSSKB)) |")
        lines.append("")
        if let failure = r.failure { lines += ["- clavier-gnome: \(failure)", ""] }
        return lines.joined(separator: "\n")
    }

    private func mb(_ kb: Double) -> String { kb.isFinite ? fmt(kb / 1024, 1) : "—" }
}
