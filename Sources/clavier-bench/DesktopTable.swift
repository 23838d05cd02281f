/// A desktop's bench (WaylandBench, KWinBench, GnomeBench): the names `--only` takes for its
/// rows, and how many starts and presses it measures.
protocol DesktopBench {
    static var names: [String] { get }
    var startupRuns: Int { get set }
    var presses: Int { get set }
}

extension DesktopBench {
    /// Its rows that `only` names (nil: all of them).
    static func wanted(_ only: Set<String>?) -> [String] { names.filter { only?.contains($0) ?? true } }

    /// Its runs as `--quick` (3 starts, 50 presses), then `--presses` and `--startup-runs`, say.
    mutating func size(quick: Bool, presses: Int?, startupRuns: Int?) {
        if quick { (self.startupRuns, self.presses) = (3, 50) }
        if let presses { self.presses = presses }
        if let startupRuns { self.startupRuns = startupRuns }
    }
}

/// A desktop's table in `make bench`'s Markdown (WaylandReport, KWinReport, GnomeReport): its
/// heading, what it measures and how, one row a figure, and the notes under it.
struct DesktopTable {
    private var lines: [String]

    /// The section under `heading` when nothing was measured: only why.
    static func notMeasured(_ heading: String, _ failure: String) -> String {
        ["## " + heading, "", "Not measured: \(failure)", ""].joined(separator: "\n")
    }

    /// The section under `heading`: each of `paragraphs`, then the table's header of `columns`.
    init(_ heading: String, about paragraphs: [String], columns: [String]) {
        lines = ["## " + heading, ""]
        for paragraph in paragraphs { lines += [paragraph, ""] }
        row(columns)
        lines.append("|" + columns.map { _ in " --- " }.joined(separator: "|") + "|")
    }

    mutating func row(_ cells: [String]) { lines.append("| " + cells.joined(separator: " | ") + " |") }

    /// A figure's row: `figure`, `how`, each of `subjects`' `cell` (— where it has no result),
    /// then for each of `ratios` (a, b) a's `value` ÷ b's, as `1.23×` (— unless both are finite
    /// and b's positive).
    mutating func row<Result>(_ figure: String, _ how: String, _ subjects: [String], _ results: [String: Result],
                              ratios: [(String, String)], _ cell: (Result) -> String, _ value: (Result) -> Double) {
        var cells = [figure, how] + subjects.map { results[$0].map(cell) ?? "—" }
        for (a, b) in ratios {
            let (x, y) = (results[a].map(value) ?? .nan, results[b].map(value) ?? .nan)
            cells.append(x.isFinite && y.isFinite && y > 0 ? fmt(x / y, 2) + "×" : "—")
        }
        row(cells)
    }

    /// The section's Markdown, `notes` (one line each) under the table.
    func markdown(notes: [String]) -> String { (lines + [""] + notes + [""]).joined(separator: "\n") }
}
