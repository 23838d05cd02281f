/// The GNOME row of `make bench` as a Markdown table of its own (GnomeBench.swift): a GTK 4
/// entry receives the keys through mutter, so it is comparable with KDE Plasma's table, not
/// with the X11 or sway ones.
struct GnomeReport {
    let result: GnomeBench.Result?
    let startupRuns: Int
    let presses: Int
    var failure: String?

    func markdown() -> String {
        let heading = "On GNOME: headless mutter 1280×800"
        if let failure { return DesktopTable.notMeasured(heading, failure) }
        var table = DesktopTable(heading, about: [
            "A private headless mutter (`mutter --headless --wayland --virtual-monitor 1280x800`, its own session bus). "
            + "clavier-gnome: Clavier's X window on mutter's XWayland, typing through mutter's RemoteDesktop (D-Bus) into "
            + "a native GTK 4 entry, which stamps each change of its text in Python: its own handling is in every figure. "
            + "Nothing else types into GNOME's native windows from outside its shell (GNOME's own keyboard is part of "
            + "gnome-shell, which does not run headless here), so there is no other keyboard to compare with. Medians; "
            + "(a–b) is min–max, p95 the 95th percentile.",
            "The floor column is no keyboard: a Python RemoteDesktop client sending keysym `h` (stamped just before "
            + "each press is sent) into the same entry on the same mutter, right after Clavier's clicks: the desktop's "
            + "own path (D-Bus, mutter, Wayland, GTK, Python), which any keyboard typing this way pays."],
            columns: ["figure", "how", "clavier-gnome", "floor: RemoteDesktop alone"])
        let r = result ?? GnomeBench.Result()
        table.row(["start → first drawing", "exec → the first DamageNotify on Clavier's window on XWayland, \(startupRuns) runs, ms",
                   r.painted.count > 0 ? "\(fmt(r.painted.median)) (\(fmt(r.painted.min))–\(fmt(r.painted.max)))" : "—", "—"])
        table.row(["pointer press → key received", "XTest button press on `h` (no alternates: it types on the press) on XWayland's display (stamped just before "
                   + "XTestFakeButtonEvent; the floor: before its D-Bus key press) → the entry's next change, \(presses) presses "
                   + "110 ms apart after 10 unrecorded, ms, median (p95)", p95(r.press, r.misses), p95(r.floor, r.floorMisses)])
        table.row(["resident memory after start / after the presses: RSS", "/proc/PID/smaps_rollup, MB", "\(megabytes(r.rssKB)) / \(megabytes(r.usedRSSKB))", "—"])
        return table.markdown(notes: r.failure.map { ["- clavier-gnome: \($0)"] } ?? [])
    }

    private func p95(_ s: Samples, _ misses: Int) -> String {
        (s.count > 0 ? "\(fmt(s.median, 3)) (p95 \(fmt(s.p95, 3)))" : "—") + (misses > 0 ? "; \(misses) missed" : "")
    }
}
