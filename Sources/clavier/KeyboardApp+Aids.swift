import ClavierCore
import ClavierX11

/// Dwell and switch scanning on the running keyboard: made from the settings, followed
/// after every turn of the loop, and their marks painted on the keys they concern.
extension KeyboardApp {
    /// The dwell pointer and the switch scanner `parts` ask for (each nil when not).
    func makeAids(_ parts: Parts, window: KeyboardWindow) -> (DwellPointer?, SwitchScanner?) {
        let board = { [unowned self] in self.keyboard }
        let now = { [clock] in clock.now }
        var dwell: DwellPointer?
        if let delay = parts.dwell {
            window.watchHover()
            let frame = screen.frame
            dwell = DwellPointer(delay: delay, keyboard: board, now: now) { point in
                frame.map { $0.keysPoint(point, window: window) } ?? point
            }
        }
        var scanning: SwitchScanner?
        if !parts.scanSwitches.isEmpty {
            let grab = SwitchGrab(display: display, switches: parts.scanSwitches) { Log.warning($0) }
            scanning = SwitchScanner(interval: parts.scanSwitches.count == 2 ? nil : parts.scanInterval, grab: grab,
                                     keyboard: board, now: now)
        }
        return (dwell, scanning)
    }

    /// After each turn of the loop: the aids take what changed (the pointer's target after a
    /// page switch, the scan's rows, a hidden window), and their marks are repainted where
    /// they changed, only those keys.
    func followAids() {
        guard dwell != nil || scanning != nil else { return }
        if let dwell {
            if !screen.window.isMapped { dwell.windowHidden() }
            for input in dwell.follow(moved: false) { feed(input) }
        }
        scanning?.follow(shown: screen.window.isMapped)
        var marks = KeyMarks()
        marks.dwell = dwell?.mark(at: clock.now)
        marks.scanned = Set(scanning?.scanner.highlighted ?? [])
        guard marks != keyboard.marks else { return }
        let damage = marks.damage(from: keyboard.marks)
        keyboard.marks = marks
        paint(damage.keys, whole: damage.whole, bar: damage.bar)
    }

    /// `clavier status`'s lines for the aids in use (PressTarget.name says what they are on).
    var aidStatusLines: [String] {
        [dwell?.status(at: clock.now), scanning?.status].compactMap { $0 }
    }
}

extension PressTarget {
    /// How `clavier status` names a target: the key's id, `completion 0`, `format strong`,
    /// `alternate 1`, or `popup` for a spot on no alternate.
    static func name(_ target: PressTarget) -> String {
        switch target {
        case .key(let id): id
        case .cell(.completion(let slot)): "completion \(slot)"
        case .cell(.format(let formatting)): "format \(formatting.rawValue)"
        case .alternate(let index): index.map { "alternate \($0)" } ?? "popup"
        }
    }
}
