import CX11
import ClavierCore

/// The switch keys of switch scanning, grabbed on the root window (`XGrabKey`) so the focused
/// application never receives them, and given back by `release` (`XUngrabKey`).
public final class SwitchGrab {
    /// One switch: the keysym it sends, and its name as the user gave it (for messages).
    public struct Switch: Hashable, Sendable {
        public let name: String
        public let keysym: ClavierCore.KeySym

        /// The switch `name` names (`XStringToKeysym`); nil when X knows no such keysym.
        public init?(named name: String) {
            let sym = XStringToKeysym(name)
            guard sym != UInt(NoSymbol) else { return nil }
            self.name = name
            keysym = ClavierCore.KeySym(rawValue: UInt32(truncatingIfNeeded: sym))
        }
    }

    private let display: Display
    /// The switches, in order: one selects; of two, the first steps.
    public let switches: [Switch]
    /// The keycode each switch is on in the live keymap (nil: no key makes it).
    public private(set) var keycodes: [UInt8?] = []
    /// The switches held down now, so a held key's auto-repeat is not a second press.
    private var held: Set<Int> = []

    /// Grabs `switches` (at least one) on the root window with every combination of the lock
    /// modifiers; warns through `warn` about a key no keycode makes or another client holds.
    public init(display: Display, switches: [Switch], warn: (String) -> Void) {
        precondition(!switches.isEmpty, "switch scanning needs a switch")
        self.display = display
        self.switches = switches
        // A held switch's auto-repeat then comes as presses only, told apart by `held`.
        var supported: Int32 = 0
        XkbSetDetectableAutoRepeat(display.raw, 1, &supported)
        grab(warn: warn)
    }

    deinit { release() }

    /// The modifier masks a grab must cover so Caps Lock, Num Lock or Scroll Lock being on
    /// does not let the switch through: every combination of them.
    private var lockCombinations: [UInt32] {
        let locks = [UInt32(LockMask), XkbKeysymToModifiers(display.raw, 0xFF7F /* Num_Lock */),
                     XkbKeysymToModifiers(display.raw, 0xFF14 /* Scroll_Lock */)].filter { $0 != 0 }
        var masks: Set<UInt32> = [0]
        for lock in locks { for mask in masks { masks.insert(mask | lock) } }
        return masks.sorted()
    }

    /// Where the switches are in the live keymap.
    private func liveKeycodes() -> [UInt8?] {
        switches.map { one in
            let code = XKeysymToKeycode(display.raw, UInt(one.keysym.rawValue))
            return code == 0 ? nil : code
        }
    }

    private func grab(warn: (String) -> Void) {
        let masks = lockCombinations
        keycodes = liveKeycodes()
        for (one, code) in zip(switches, keycodes) {
            guard let code else {
                warn("no key of the keymap makes the switch \(one.name)")
                continue
            }
            let errors = XErrorLog.trapping(display) {
                for mask in masks {
                    XGrabKey(display.raw, Int32(code), mask, display.root, 0, GrabModeAsync, GrabModeAsync)
                }
            }
            if errors.contains(UInt8(BadAccess)) {
                warn("another application has grabbed the switch \(one.name); it may not reach the keyboard")
            }
        }
    }

    /// Gives every grab back (on exit, and before grabbing again for a new keymap).
    public func release() {
        let masks = lockCombinations
        for code in keycodes.compactMap({ $0 }) {
            for mask in masks { XUngrabKey(display.raw, Int32(code), mask, display.root) }
        }
        keycodes = []
        held = []
        display.flush()
    }

    /// Grabs again where the switches are in a changed keymap; nothing when they stayed
    /// (typing borrows spare keycodes, a mapping change per borrow).
    public func keymapChanged(warn: (String) -> Void) {
        guard liveKeycodes() != keycodes else { return }
        release()
        grab(warn: warn)
    }

    /// Which switch (its index in `switches`) a key event on `keycode` pressed or released;
    /// nil for an auto-repeat of a held switch, or another key.
    public func event(keycode: UInt8, down: Bool) -> (switch: Int, down: Bool)? {
        guard let index = keycodes.firstIndex(of: keycode) else { return nil }
        if down { return held.insert(index).inserted ? (index, true) : nil }
        return held.remove(index) != nil ? (index, false) : nil
    }
}
