/// The KWin rows of `make bench` as a Markdown table of their own (KWinBench.swift): a GTK 4
/// entry receives the keys, so these figures are not comparable with the sway table's.
struct KWinReport {
    let results: [String: KWinBench.Result]
    let startupRuns: Int
    let presses: Int
    var failure: String?

    func markdown() -> String {
        let heading = "On KDE Plasma: headless KWin 1280×800"
        if let failure { return DesktopTable.notMeasured(heading, failure) }
        let names = KWinBench.names.filter { results[$0] != nil }
        let best = names.filter { $0 != "maliit-kwin" }
        let ratios = results["maliit-kwin"] != nil ? best.map { ($0, "maliit-kwin") } : []
        var table = DesktopTable(heading, about: [
            "A private headless KWin (`kwin_wayland --virtual`, QPainter, no GPU). clavier-kwin-im: Clavier as KWin's input "
            + "method (characters as input-method-v1 text); clavier-kwin: Clavier started by hand (every key through KWin's "
            + "fake input); maliit-kwin: maliit-keyboard as KWin's input method (its input panel, Qt Quick's software "
            + "renderer, `KWIN_IM_SHOW_ALWAYS=1`). The receiver is a native GTK 4 entry (text-input-v3), which stamps "
            + "each change of its text (or preedit) in Python: its own handling is in every figure. Medians; (a–b) is "
            + "min–max, p95 the 95th percentile."],
            columns: ["figure", "how"] + names + ratios.map { "\($0.0) ÷ maliit" })
        func row(_ figure: String, _ how: String, _ cell: (KWinBench.Result) -> String, _ value: (KWinBench.Result) -> Double) {
            table.row(figure, how, names, results, ratios: ratios, cell, value)
        }
        row("start → first frame committed", "exec → the first `wl_surface.commit` after attaching a buffer (`WAYLAND_DEBUG=1`; "
            + "an input method's exec stamped by its wrapper's `date` just before), \(startupRuns) runs, ms",
            { $0.committed.medianAndRange }, { $0.committed.median })
        row("pointer press → key received", "wl-pointer `--stamps`: KWin fake-input button on a letter (Clavier's `h`, maliit's `g`; stamped before the request, flushed at once) → the entry's next "
            + "change, \(presses) clicks 110 ms apart after 10 unrecorded, from the press (Clavier) or the release (maliit, "
            + "which types on it), ms, median (p95)",
            { $0.press.medianAndP95 + ($0.misses > 0 ? "; \($0.misses) missed" : "") }, { $0.press.median })
        row("resident memory after start / after the presses: RSS", "/proc/PID/smaps_rollup, MB (a process KWin started: not measured)",
            { $0.rssKB.isFinite ? "\(megabytes($0.rssKB)) / \(megabytes($0.usedRSSKB))" : "—" }, { $0.rssKB })
        return table.markdown(notes: names.compactMap { name in results[name]?.failure.map { "- \(name): \($0)" } })
    }
}
