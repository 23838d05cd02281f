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
    /// Every press ends at once (the window was hidden or went).
    case cancelAll
    /// That pointer or finger is no longer delivered to us (another client's grab took it,
    /// its device was taken away): its press ends as a release that types nothing would.
    case lost(pointer: Int)
}
