/// Switch scanning where no key can be grabbed (Wayland: a client sees keys only with the
/// focus, which an on-screen keyboard never takes): the pointer's buttons and the fingers on
/// the keyboard are the switches, wherever they press. A switch-adapted mouse, a switch box
/// that clicks, or a touch anywhere. Button numbers are X's: 1 the left (a finger counts as
/// it), 2 the middle, 3 the right. `buttons[i]` is switch `i`, as the keys of `scan-switch`
/// are on X (two: the first steps, the second selects).
///
/// While scanning, the pointer's place is ignored: its presses, motion and hover never reach
/// the keys (no press on the key under it, no dwell, no preview, no glide). A press that
/// began before scanning did ends as it began, so no key is left held; a switch held when
/// scanning stops comes up as a switch.
public struct PointerSwitches: Sendable {
    /// What becomes of one of the surface's events.
    public enum Outcome: Equatable, Sendable {
        /// Not scanning's: on to the keys as it is.
        case pass
        /// Scanning's, with nothing to say (motion, hover, a button that is no switch).
        case drop
        /// Switch `index` went down or up.
        case switched(Int, down: Bool)
    }

    /// The switches' buttons, in `scan-switch`'s order; empty: not scanning by the pointer.
    public var buttons: [Int] = []
    /// Per switch, what holds it down (0 the pointer's button, 1+ a finger; the pointer's
    /// other buttons as -2, -3): down with the first, up with the last.
    private var held: [Int: Set<Int>] = [:]
    /// The pointers whose press went on to the keys (pressed before scanning began).
    private var passed: Set<Int> = []

    public init(buttons: [Int] = []) { self.buttons = buttons }

    /// Whether the pointer is the switch now.
    public var scanning: Bool { !buttons.isEmpty }

    /// The button names `scan-switch` may give where the pointer is the switch: `button1`,
    /// `button2`, `button3`. nil: a name of a key.
    public static func button(named name: String) -> Int? {
        guard name.hasPrefix("button"), let number = Int(name.dropFirst(6)), (1...3).contains(number),
              name == "button\(number)" else { return nil }
        return number
    }

    /// The keyboard surface's event (the left button and the fingers come as `.pointer`).
    public mutating func take(_ event: WindowEvent) -> Outcome {
        switch event {
        case .pointer(.press(_, let pointer)):
            guard scanning else { passed.insert(pointer); return .pass }
            return press(source: pointer, button: 1)
        case .pointer(.release(_, let pointer)), .pointerLost(let pointer):
            // A switch comes up however it ends: its key is typed then, and nothing stays chosen.
            if let up = release(source: pointer) { return up }
            return passed.remove(pointer) != nil || !scanning ? .pass : .drop
        case .pointer(.motion(_, let pointer)):
            return passed.contains(pointer) || !scanning ? .pass : .drop
        case .hover(nil):
            // The pointer left: its other buttons' ups will come elsewhere, if at all (one up
            // is enough for the scan, whichever switch it names).
            let ups = [-2, -3].compactMap { release(source: $0) }
            if let up = ups.first(where: { $0 != .drop }) { return up }
            return scanning ? .drop : .pass
        case .hover:
            return scanning ? .drop : .pass
        default:
            return .pass
        }
    }

    /// The pointer's middle or right button (`number` 2 or 3) went down or up on the keyboard.
    public mutating func otherButton(_ number: Int, down: Bool) -> Outcome {
        if down {
            guard scanning else { return .drop }
            return press(source: -number, button: number)
        }
        return release(source: -number) ?? .drop
    }

    private mutating func press(source: Int, button: Int) -> Outcome {
        guard let index = buttons.firstIndex(of: button) else { return .drop }
        let first = held[index, default: []].isEmpty
        held[index, default: []].insert(source)
        return first ? .switched(index, down: true) : .drop
    }

    private mutating func release(source: Int) -> Outcome? {
        guard let index = held.first(where: { $0.value.contains(source) })?.key else { return nil }
        held[index]?.remove(source)
        return held[index]?.isEmpty == true ? .switched(index, down: false) : .drop
    }
}

extension PointerSwitches {
    /// The buttons `settings` ask for where the pointer is the switch: none unless scanning is
    /// asked for (`scan`, or two switches, as on X). `scan-switch`'s button names as they are;
    /// key names (F9, the default, included) stand for the left button, or, two of them, the
    /// right (the first: it steps) and the left (it selects). `keys`: a key was named, which
    /// cannot be the switch here.
    public static func buttons(for settings: Settings) -> (buttons: [Int], keys: Bool) {
        settings.asksForScanning ? named(settings) : ([], false)
    }

    /// The buttons `scan-switch` stands for, scanning or not (`buttons(for:)`).
    public static func named(_ settings: Settings) -> (buttons: [Int], keys: Bool) {
        let names = settings[.scanSwitch]
        let named = names.compactMap(button(named:))
        if named.count == names.count { return (named, false) }
        return (names.count == 2 ? [3, 1] : [1], settings.given.gives(.scanSwitch))
    }

    /// `button3,button1`: as `scan-switch` names them.
    public static func text(_ buttons: [Int]) -> String { buttons.map { "button\($0)" }.joined(separator: ",") }

    /// What the switches are, in a line: `the left button or a touch anywhere on the keyboard selects`.
    public static func describe(_ buttons: [Int]) -> String {
        let names = [1: "the left button or a touch", 2: "the middle button", 3: "the right button"]
        guard buttons.count == 2 else { return "\(names[buttons.first ?? 1]!) anywhere on the keyboard selects" }
        return "\(names[buttons[0]]!) anywhere on the keyboard steps, \(names[buttons[1]]!) selects"
    }
}
