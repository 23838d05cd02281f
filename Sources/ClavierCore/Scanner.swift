/// Row-column switch scanning: the rows are highlighted one after another; a switch press
/// selects the highlighted row, whose keys are then highlighted one by one; a second press
/// picks that key, and scanning starts again from the first row. With one switch a clock
/// steps the highlight every `interval`; with two, the second switch steps and there is no clock.
public struct Scanner: Sendable {
    /// Where the highlight is.
    public enum Position: Hashable, Sendable {
        /// Row `row` is highlighted.
        case row(Int)
        /// Key `key` of row `row` is highlighted.
        case key(row: Int, key: Int)
        /// Nothing is highlighted and no clock runs, after `loops` rounds with no press;
        /// the next press starts again from the first row.
        case paused
    }

    /// How often the highlight steps on by itself; nil: only a step switch moves it.
    public private(set) var interval: Duration?
    /// Unanswered rounds of the rows before scanning pauses (iOS Switch Control: 4), so a
    /// keyboard left alone stops waking up.
    public let loops: Int
    /// What each row holds, top to bottom, left to right.
    public private(set) var rows: [[PressTarget]] = []
    public private(set) var position = Position.row(0)
    private var rounds = 0
    private var due: ContinuousClock.Instant?

    public init(interval: Duration?, loops: Int = 4) {
        precondition(interval.map { $0 > .zero } ?? true, "a scanning interval must be positive")
        precondition(loops > 0, "scanning needs at least one round")
        self.interval = interval
        self.loops = loops
    }

    /// The rows of `picture` as a scan sees them: the accessory bar's cells that hold
    /// something (first: a completion saves the most presses; Save, Speak and the gear end the row),
    /// then the keys of equal top edge, left to right; the bar's row last when it holds nothing
    /// but those end cells, and the gear as a row of its own last when there is no bar; while the settings page shows, its rows of cells instead.
    public static func rows(of picture: Picture) -> [[PressTarget]] {
        if let page = picture.settingsPage { return page.scanRows }
        let keyboard = picture.keyboard
        var byTop: [Int: [KeyFrame]] = [:]
        for frame in keyboard.geometry.frames where frame.rect.width > 0 && frame.rect.height > 0 {
            byTop[frame.rect.y, default: []].append(frame)
        }
        let keys = byTop.keys.sorted().map { top in byTop[top]!.sorted { $0.rect.x < $1.rect.x }.map { PressTarget.key($0.key.id) } }
        let bar = (keyboard.accessory?.cells ?? []).filter { placed in
            if case .completion(let i) = placed.cell { return i < picture.completions.count && placed.rect.width > 0 }
            return placed.rect.width > 0
        }.map { PressTarget.cell($0.cell) }
        // The settings gear, Speak and Save alone are a last row: first, they would cost every
        // letter one more step.
        if !bar.isEmpty, bar.allSatisfy({ if case .cell(let cell) = $0 { cell.endsBar } else { false } }) { return keys + [bar] }
        // No gear on the keys (a layout with no bar: emoji, phone, PIN), the only way in a
        // switch has: a last row of its own, painted over the keys while highlighted.
        if keyboard.opensSettings, !keyboard.showsGear { return (bar.isEmpty ? [] : [bar]) + keys + [[.cell(.settings)]] }
        return (bar.isEmpty ? [] : [bar]) + keys
    }

    /// Starts from the first row with `rows` (a new page, or the keyboard shown again).
    public mutating func start(rows: [[PressTarget]], at now: ContinuousClock.Instant) {
        self.rows = rows.filter { !$0.isEmpty }
        restart(at: now)
    }

    /// Steps every `interval` from now on (the settings page changed it): the highlight stays
    /// where it is and next steps `interval` after `now`; a paused scan stays paused.
    public mutating func retime(_ interval: Duration?, at now: ContinuousClock.Instant) {
        precondition(interval.map { $0 > .zero } ?? true, "a scanning interval must be positive")
        self.interval = interval
        if position != .paused { schedule(now) }
    }

    /// Stops: nothing highlighted, no clock (the keyboard was hidden).
    public mutating func pause() {
        position = .paused
        due = nil
    }

    /// What is highlighted now.
    public var highlighted: [PressTarget] {
        switch position {
        case .row(let row): rows.indices.contains(row) ? rows[row] : []
        case .key(let row, let key): rows.indices.contains(row) && rows[row].indices.contains(key) ? [rows[row][key]] : []
        case .paused: []
        }
    }

    /// When the highlight steps on by itself; nil: never (two switches, or paused).
    public var nextDeadline: ContinuousClock.Instant? { due }

    /// Steps the highlight on if its time has come at `now`.
    public mutating func tick(at now: ContinuousClock.Instant) {
        guard let due, now >= due else { return }
        advance(at: now)
    }

    /// The step switch: moves the highlight to the next row or key at once.
    public mutating func step(at now: ContinuousClock.Instant) {
        if position == .paused { restart(at: now) } else { advance(at: now) }
    }

    /// The select switch: enters the highlighted row, or returns the highlighted key or cell
    /// to press (scanning then starts again from the first row); a paused scan starts again.
    public mutating func select(at now: ContinuousClock.Instant) -> PressTarget? {
        switch position {
        case .paused:
            restart(at: now)
            return nil
        case .row(let row):
            guard rows.indices.contains(row) else { restart(at: now); return nil }
            position = .key(row: row, key: 0)
            rounds = 0
            schedule(now)
            return nil
        case .key:
            let chosen = highlighted.first
            restart(at: now)
            return chosen
        }
    }

    private mutating func restart(at now: ContinuousClock.Instant) {
        position = rows.isEmpty ? .paused : .row(0)
        rounds = 0
        if rows.isEmpty { due = nil } else { schedule(now) }
    }

    private mutating func schedule(_ now: ContinuousClock.Instant) {
        due = interval.map { now + $0 }
    }

    private mutating func advance(at now: ContinuousClock.Instant) {
        switch position {
        case .paused:
            return
        case .row(let row):
            if row + 1 < rows.count {
                position = .row(row + 1)
            } else {
                rounds += 1
                // Only a clock gives up: with a step switch the user is there, stepping.
                if interval != nil && rounds >= loops { pause(); return }
                position = .row(0)
            }
        case .key(let row, let key):
            // A round of the keys with no press goes back to the rows, on the same row, so a
            // user who missed the key can enter the row again at once.
            position = key + 1 < rows[row].count ? .key(row: row, key: key + 1) : .row(row)
        }
        schedule(now)
    }
}
