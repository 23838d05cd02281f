/// Something the user did to the keyboard, in window coordinates.
public enum InputEvent: Hashable, Sendable {
    /// A pointer button or finger went down; `pointer` tells fingers apart.
    case press(Point, pointer: Int = 0)
    /// That pointer or finger went up.
    case release(Point, pointer: Int = 0)
    /// That pointer or finger moved while down.
    case motion(Point, pointer: Int = 0)
    /// Time passed: the deadline the keyboard asked for (`nextDeadline`) is due.
    case tick
    /// Every press ends at once (the window was hidden, the pointer grab lost …).
    case cancelAll
}
