/// What `clavier status` reports of the running keyboard: on the wire as JSON
/// (`clavier status --json`), printed as lines otherwise.
public struct KeyboardStatus: Codable, Hashable, Sendable {
    /// Where the window is on the screen, in pixels.
    public struct Geometry: Codable, Hashable, Sendable {
        public var x, y, width, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }
    /// Whether the window is up (as the X server last said).
    public var visible: Bool
    public var layout: String
    public var page: String
    public var geometry: Geometry
    /// With `--dwell`: what the dwell counts on and how far (`h 50%`, `h done`, `idle`).
    public var dwell: String?
    /// With switch scanning: what is highlighted (`row 1`, `key q`, `paused`).
    public var scan: String?

    public init(visible: Bool, layout: String, page: String, geometry: Geometry, dwell: String? = nil, scan: String? = nil) {
        (self.visible, self.layout, self.page, self.geometry, self.dwell, self.scan) = (visible, layout, page, geometry, dwell, scan)
    }

    /// The status as `clavier status` prints it: `visible`/`hidden`, `layout: us`, …
    public var lines: [String] {
        [visible ? "visible" : "hidden", "layout: \(layout)", "page: \(page)",
         "geometry: \(geometry.width)x\(geometry.height)+\(geometry.x)+\(geometry.y)"]
            + [dwell.map { "dwell: \($0)" }, scan.map { "scan: \($0)" }].compactMap { $0 }
    }
}

extension Session {
    /// The status now; `geometry` is the window's, from the host.
    public func status(geometry: Rect, at now: ContinuousClock.Instant) -> KeyboardStatus {
        var status = KeyboardStatus(visible: shown, layout: keyboard.layout.id, page: keyboard.page.id,
                                    geometry: .init(x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height))
        if let dwell {
            let (target, percent) = dwell.status(at: now)
            status.dwell = target.map { PressTarget.name($0) + " " + (percent.map { "\($0)%" } ?? "done") } ?? "idle"
        }
        if let scan {
            switch scan.scanner.position {
            case .row(let row): status.scan = "row \(row + 1)"
            case .key: status.scan = "key " + (scan.scanner.highlighted.first.map(PressTarget.name) ?? "")
            case .paused: status.scan = "paused"
            }
        }
        return status
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
