/// Switch scanning, for someone who can press one or two buttons but not point: the
/// `Scanner` moves a highlight over the rows and keys; the switches step and select; a
/// selected key is pressed and released at its centre as a pointer of its own. The
/// highlight is taken as the switch goes down, and the key typed as it comes up: until then
/// the X server has the keyboard grabbed for us (the grab activated by the switch), and a key
/// typed meanwhile would come back to us, not reach the focused window. Part of `Session`;
/// which X key is which switch is the host's business (`SwitchGrab`).
public struct ScanAid: Sendable {
    /// The reducer's id for the scan's presses (the dwell's is -1).
    public static let pointer = -2
    public private(set) var scanner: Scanner
    /// How many switches there are (the host's grab).
    public let switches: Int
    /// Whether the first of two switches steps the highlight (two switches, no clock).
    public let stepsBySwitch: Bool
    /// The key chosen by a switch still down, typed when it comes up.
    private var chosen: [InputEvent] = []
    /// The settings page was chosen by a switch still down (no gear on the keys), opened
    /// when it comes up (`takeSettings`), as a key is typed then.
    private var opensSettings = false

    /// `switches` switches (two: step and select, no clock); `interval`: the clock of one switch.
    public init(switches: Int, interval: Duration?) {
        self.switches = switches
        stepsBySwitch = switches == 2
        scanner = Scanner(interval: stepsBySwitch ? nil : interval)
    }

    /// The clock of one switch set to `interval` (the settings page), the highlight going on
    /// from where it is; two switches have no clock.
    public mutating func retime(_ interval: Duration?, at now: ContinuousClock.Instant) {
        guard !stepsBySwitch, interval != scanner.interval else { return }
        scanner.retime(interval, at: now)
    }

    /// Switch `index` went down or up.
    public mutating func switchKey(_ index: Int, down: Bool, on board: Picture, at now: ContinuousClock.Instant) -> [InputEvent] {
        guard down else {
            defer { chosen = [] }
            return chosen
        }
        opensSettings = false
        follow(shown: true, on: board, at: now)
        if stepsBySwitch && index == 0 {
            scanner.step(at: now)
            return []
        }
        guard let target = scanner.select(at: now) else { return [] }
        // The gear of a keyboard with none on screen (`Scanner.rows`): the page, not a press.
        if target == .cell(.settings), !board.keyboard.showsGear {
            opensSettings = true
            return []
        }
        guard let centre = board.centre(of: target) else { return [] }
        chosen = [.press(centre, pointer: Self.pointer), .release(centre, pointer: Self.pointer)]
        return []
    }

    /// Whether the switch that just came up chose the settings page; asked once.
    public mutating func takeSettings() -> Bool {
        defer { opensSettings = false }
        return opensSettings
    }

    public var nextDeadline: ContinuousClock.Instant? { scanner.nextDeadline }

    public mutating func tick(at now: ContinuousClock.Instant) { scanner.tick(at: now) }

    /// Starts again from the first row when the page's rows changed (a page key, another
    /// layout); stops while the keyboard is hidden, so a hidden keyboard runs no clock.
    public mutating func follow(shown: Bool, on board: Picture, at now: ContinuousClock.Instant) {
        guard shown else {
            if scanner.position != .paused { scanner.pause() }
            return
        }
        let rows = Scanner.rows(of: board)
        if rows != scanner.rows { scanner.start(rows: rows, at: now) }
    }
}

extension Settings {
    /// Whether switch scanning is asked for: `scan` (its interval), or two switches named, which
    /// step and select with no clock. The same on every window system (X's keys, Wayland's buttons).
    public var asksForScanning: Bool {
        self[.scan] != nil || (given.gives(.scanSwitch) && self[.scanSwitch].count == 2)
    }
}
