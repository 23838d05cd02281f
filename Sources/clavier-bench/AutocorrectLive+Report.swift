/// The Markdown `make bench` prints for autocorrection through the running keyboard.
extension AutocorrectLive {
    static func report(_ rows: [Figures], text: String) -> String {
        func r(_ x: Double, _ digits: Int = 1) -> String { AutocorrectBench.decimal(x, digits) }
        func percent(_ n: Int, of total: Int) -> String { r(Double(n) / Double(max(total, 1)) * 100) + " %" }
        func quantile(_ values: [Double], _ q: Double) -> String {
            let sorted = values.sorted()
            return sorted.isEmpty ? "–" : r(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))], 2) + " ms"
        }
        let first = rows.first ?? Figures()
        var out = """

        ### Through the running keyboard (clavier-bench --autocorrect-live)

        The release `clavier --autocorrect always --no-learning` docked on Xvfb (window \(first.window), letter keys \
        \(first.keyWidth) px wide), clicked by XTest: the words of \(text) in lower case (words with an apostrophe or a \
        letter the layout lacks skipped), each at its letters' key centres plus Gaussian scatter (σ key widths across, \
        0.8 of that down, seed 5), then space; a tap that hits no letter (Shift, space, the bar) is not clicked and its \
        letter goes missing. The letters as tapped are the keys' the clicks land on (Clavier's hit-testing on the keys \
        `clavier geometry` gives; checked against what the keyboard typed before the space); what is left is what the \
        focused probe window received (letters, BackSpace, space). Latency: the space's click → its KeyPress in the \
        probe, for words the keyboard replaced (BackSpaces and the word typed before the space) and words it left.

        | scatter σ | words | wrong as tapped | wrong after the space | wrong words put right | right words changed | taps lost | replaced: p50 / p95 | left: p50 / p95 |
        | --- | --- | --- | --- | --- | --- | --- | --- | --- |

        """
        for f in rows {
            out += "| \(r(f.sigma, 2)) | \(f.words) | \(percent(f.typedWrong, of: f.words)) | \(percent(f.leftWrong, of: f.words)) "
                + "| \(percent(f.wrongFixed, of: f.typedWrong)) | \(percent(f.rightChanged, of: f.typedRight)) (\(f.rightChanged) of \(f.typedRight)) "
                + "| \(f.lostTaps) of \(f.taps) | \(quantile(f.replacedLatency, 0.5)) / \(quantile(f.replacedLatency, 0.95)) (\(f.replacedLatency.count)) "
                + "| \(quantile(f.leftLatency, 0.5)) / \(quantile(f.leftLatency, 0.95)) |\n"
        }
        let disagreements = rows.map(\.disagreements).reduce(0, +)
        if disagreements > 0 {
            out += "\n**\(disagreements) words** reached the probe with other letters than the bench's hit-testing found before the space.\n"
        }
        return out
    }
}
