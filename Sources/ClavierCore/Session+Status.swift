/// What `clavier status` says of the session beyond the window's place.
extension Session {
    /// The status lines: `visible`/`hidden`, the layout and page, then the aids in use
    /// (`dwell: h 50%`, `scan: row 1`); `geometry` is the window's, from the host.
    public func statusLines(geometry: Rect, at now: ContinuousClock.Instant) -> [String] {
        var lines = [shown ? "visible" : "hidden", "layout: \(keyboard.layout.id)", "page: \(keyboard.page.id)",
                     "geometry: \(geometry.width)x\(geometry.height)+\(geometry.x)+\(geometry.y)"]
        if let dwell {
            let (target, percent) = dwell.status(at: now)
            lines.append(target.map { "dwell: \(PressTarget.name($0)) " + (percent.map { "\($0)%" } ?? "done") } ?? "dwell: idle")
        }
        if let scan {
            switch scan.scanner.position {
            case .row(let row): lines.append("scan: row \(row + 1)")
            case .key: lines.append("scan: key " + (scan.scanner.highlighted.first.map(PressTarget.name) ?? ""))
            case .paused: lines.append("scan: paused")
            }
        }
        return lines
    }
}

extension PressTarget {
    /// How `clavier status` names a target: the key's id, `completion 0`, `format strong`,
    /// `alternate 1`, or `popup` for a spot on no alternate.
    public static func name(_ target: PressTarget) -> String {
        switch target {
        case .key(let id): id
        case .cell(.completion(let slot)): "completion \(slot)"
        case .cell(.format(let formatting)): "format \(formatting.rawValue)"
        case .alternate(let index): index.map { "alternate \($0)" } ?? "popup"
        }
    }
}
