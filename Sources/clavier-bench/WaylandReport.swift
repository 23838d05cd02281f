/// The Wayland rows of `make bench` as a Markdown table of their own: the X table's columns
/// (its peers, its floors) do not apply, and its figures are not comparable with these.
struct WaylandReport {
    let results: [String: WaylandBench.Result]
    let startupRuns: Int
    let presses: Int
    var failure: String?

    func markdown() -> String {
        let heading = "On Wayland: headless sway 1280×800"
        if let failure { return DesktopTable.notMeasured(heading, failure) }
        let names = WaylandBench.names.filter { results[$0] != nil }
        var table = DesktopTable(heading, about: [
            "A private headless sway 1.7 (wlroots' pixman renderer, no GPU); each keyboard docked at the bottom as a "
            + "layer-shell surface with its exclusive zone, at its own default height. Clavier types into the probe "
            + "window through its virtual keyboard (the probe enables no text-input); wvkbd types through its own. "
            + "squeekboard is not measured (see BENCHMARKS.md). Medians; (a–b) is min–max, p95 the 95th percentile."],
            columns: ["figure", "how"] + names + (names.count == 2 ? ["Clavier ÷ wvkbd"] : []))
        let ratios = names.count == 2 ? [(names[0], names[1])] : []
        func row(_ figure: String, _ how: String, _ cell: (WaylandBench.Result) -> String, _ value: (WaylandBench.Result) -> Double) {
            table.row(figure, how, names, results, ratios: ratios, cell, value)
        }
        row("start → first frame committed", "exec → the client's first `wl_surface.commit` after attaching a buffer, "
            + "from its `WAYLAND_DEBUG=1` log (libwayland's µs stamps, CLOCK_REALTIME), \(startupRuns) runs, ms",
            { $0.committed.medianAndRange }, { $0.committed.median })
        row("the same, first run", "the first of the runs (it paints; the later ones put up the picture it kept, as on X), ms",
            { fmt($0.firstCommitted) }, { $0.firstCommitted })
        row("pointer press → key received", "wl-press-probe: zwlr_virtual_pointer_v1 button press on a letter (Clavier's `h`, wvkbd's `g`) → "
            + "`wl_keyboard.key` (pressed) on its focused xdg_toplevel, one CLOCK_MONOTONIC, \(presses) clicks ~30 ms apart "
            + "after 10 unrecorded (both type on the press), ms, median (p95)",
            { $0.press.medianAndP95 + ($0.pressMisses > 0 ? "; \($0.pressMisses) missed" : "") }, { $0.press.median })
        row("floor: the probe's own virtual keyboard → key", "its zwp_virtual_keyboard_v1 key → its `wl_keyboard.key`, "
            + "\(presses) keys, in each keyboard's session, ms, median (p95)", { $0.floor.medianAndP95 }, { $0.floor.median })
        row("resident memory after start: RSS", "/proc/PID/smaps_rollup, 2 s after its zone is reserved (at rest, as on X) (a start "
            + "without WAYLAND_DEBUG), MB", { megabytes($0.rssKB) }, { $0.rssKB })
        row("resident memory after start: USS", "same, private pages only (`Private_Clean` + `Private_Dirty`: what ending it "
            + "gives back), MB", { megabytes($0.ussKB) }, { $0.ussKB })
        row("resident memory after the presses: RSS", "same, 2 s after the presses, MB", { megabytes($0.usedRSSKB) }, { $0.usedRSSKB })
        row("resident memory after the presses: USS", "same, private pages only, MB", { megabytes($0.usedUSSKB) }, { $0.usedUSSKB })
        return table.markdown(notes: names.compactMap { name in results[name]?.failure.map { "- \(name): \($0)" } })
    }
}
