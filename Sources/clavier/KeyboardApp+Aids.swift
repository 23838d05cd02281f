import ClavierCore
import ClavierX11

/// Dwell on the running keyboard: made from the settings, followed after every turn of the
/// loop, and its mark painted on the key it concerns.
extension KeyboardApp {
    /// The dwell pointer `parts` ask for, or nil.
    func makeAids(_ parts: Parts, window: KeyboardWindow) -> DwellPointer? {
        guard let delay = parts.dwell else { return nil }
        window.watchHover()
        return DwellPointer(delay: delay, keyboard: { [unowned self] in self.keyboard }, now: { [clock] in clock.now })
    }

    /// After each turn of the loop: the dwell takes what changed (the pointer's target after
    /// a page switch), and its mark is repainted where it changed, only those keys.
    func followAids() {
        guard let dwell else { return }
        for input in dwell.follow(moved: false) { feed(input) }
        var marks = KeyMarks()
        marks.dwell = dwell.mark(at: clock.now)
        guard marks != keyboard.marks else { return }
        let damage = marks.damage(from: keyboard.marks)
        keyboard.marks = marks
        paint(damage.keys, whole: damage.whole, bar: damage.bar)
    }

    /// `clavier status`'s lines for the aids in use.
    var aidStatusLines: [String] {
        [dwell?.status(at: clock.now)].compactMap { $0 }
    }
}
