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
    /// The page on screen: the layout's page's id, or `settings` while the settings page is
    /// shown over the keys (issue 48: it said the keys' page under it).
    public var page: String
    public var geometry: Geometry
    /// What the dwell counts on, and how far: `{"target":"h","percent":50}`; no percent once
    /// it pressed; no target when it counts on nothing (idle).
    public struct Dwell: Codable, Hashable, Sendable {
        /// The target's name (`PressTarget.name`: `h`, `completion 0`, `alternate 1`).
        public var target: String?
        public var percent: Int?
        public init(target: String? = nil, percent: Int? = nil) { (self.target, self.percent) = (target, percent) }

        /// As `clavier status` prints it: `h 50%`, `h done`, `idle`.
        public var line: String { target.map { $0 + " " + (percent.map { "\($0)%" } ?? "done") } ?? "idle" }
    }

    /// What switch scanning highlights: a row (counted from 1), a key, or nothing while
    /// paused: `{"row":1}`, `{"key":"q"}`, `{"paused":true}`.
    public struct Scan: Codable, Hashable, Sendable {
        public var row: Int?
        public var key: String?
        public var paused: Bool?
        public static func row(_ row: Int) -> Scan { Scan(row: row) }
        public static func key(_ name: String) -> Scan { Scan(key: name) }
        public static let paused = Scan(paused: true)

        /// As `clavier status` prints it: `row 1`, `key q`, `paused`.
        public var line: String {
            if let row { return "row \(row)" }
            if let key { return "key \(key)" }
            return "paused"
        }
    }

    /// With `--dwell`: what the dwell counts on and how far.
    public var dwell: Dwell?
    /// With switch scanning: what is highlighted.
    public var scan: Scan?
    /// The settings page's settings in effect, by name, as config.yaml writes them
    /// (`"key-size":"18"`, `"sound":"false"`, `"dwell":"default"`).
    public var settings: [String: String]?
    /// How the keyboard types here (`HostTypist.typingName`): `xtest`, `input-method-v2`,
    /// `virtual-keyboard`, `kwin-input-method`, `kwin-fake-input`, `gnome-remote-desktop`.
    public var typing: String?

    public init(visible: Bool, layout: String, page: String, geometry: Geometry, dwell: Dwell? = nil, scan: Scan? = nil) {
        (self.visible, self.layout, self.page, self.geometry, self.dwell, self.scan) = (visible, layout, page, geometry, dwell, scan)
    }

    /// The status as `clavier status` prints it: `visible`/`hidden`, `layout: us`, …
    public var lines: [String] {
        [visible ? "visible" : "hidden", "layout: \(layout)", "page: \(page)",
         "geometry: \(geometry.width)x\(geometry.height)+\(geometry.x)+\(geometry.y)"]
            + [dwell.map { "dwell: \($0.line)" }, scan.map { "scan: \($0.line)" }].compactMap { $0 }
    }
}

extension Session {
    /// The status now; `geometry` is the window's, from the host.
    public func status(geometry: Rect, at now: ContinuousClock.Instant) -> KeyboardStatus {
        var status = KeyboardStatus(visible: visibility.shown, layout: keyboard.layout.id, page: settingsPage == nil ? keyboard.page.id : SettingsPage.statusName,
                                    geometry: .init(x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height))
        status.settings = pane.sources?.pageSettings
        if let dwell = aids.dwell {
            let (target, percent) = dwell.status(at: now)
            status.dwell = KeyboardStatus.Dwell(target: target.map(PressTarget.name), percent: target == nil ? nil : percent)
        }
        if let scan = aids.scan {
            switch scan.scanner.position {
            case .row(let row): status.scan = .row(row + 1)
            case .key: status.scan = .key(scan.scanner.highlighted.first.map(PressTarget.name) ?? "")
            case .paused: status.scan = .paused
            }
        }
        return status
    }
}

extension SettingsPage {
    /// What `clavier status` says for `page` while the settings page is shown.
    public static let statusName = "settings"
}

extension PressTarget {
    /// How `clavier status` names a target: the key's id, `completion 0`, `format strong`,
    /// `settings` (the gear), `speak`, `save-phrase`, `alternate 1`, `popup` for a spot on no alternate, or a settings
    /// page's cell: `page sound`, `page key-size -` and `page key-size +`, `page done`.
    public static func name(_ target: PressTarget) -> String {
        switch target {
        case .key(let id): id
        case .cell(.completion(let slot)): "completion \(slot)"
        case .cell(.format(let formatting)): "format \(formatting.rawValue)"
        case .cell(.settings): "settings"
        case .cell(.speak): "speak"
        case .cell(.savePhrase): "save-phrase"
        case .alternate(let index): index.map { "alternate \($0)" } ?? "popup"
        case .page(let action, let part): "page " + SettingsPage.name(of: action) + (part == .minus ? " -" : part == .plus ? " +" : "")
        }
    }
}
