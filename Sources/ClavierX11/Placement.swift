import ClavierCore

/// Where the keyboard window lives: docked across an edge of a monitor, or floating.
public enum Placement: Hashable, Sendable {
    /// Full width of `monitor` (root coordinates) along `edge`, reserving its strip
    /// (`_NET_WM_STRUT_PARTIAL`) while shown.
    case docked(DockEdge, monitor: Rect, height: Int)
    /// A free window at this position and size (`--geometry WxH+X+Y`).
    case floating(Rect)

    /// The window's rectangle in root coordinates.
    public var rect: Rect {
        switch self {
        case .docked(let edge, let monitor, let height):
            let h = min(height, monitor.height)
            return Rect(x: monitor.x, y: edge == .top ? monitor.y : monitor.maxY - h, width: monitor.width, height: h)
        case .floating(let r):
            return r
        }
    }

    /// `_NET_WM_STRUT_PARTIAL` for this placement on a root window of `screen`: left, right,
    /// top, bottom (each counted from that edge of the root window, not of the monitor),
    /// then the start and end of each edge's strip; nil when floating.
    public func strut(screen: Size) -> [Int]? {
        guard case .docked(let edge, _, _) = self else { return nil }
        let r = rect
        switch edge {
        case .top: return [0, 0, r.maxY, 0, 0, 0, 0, 0, r.x, r.maxX - 1, 0, 0]
        case .bottom: return [0, 0, 0, screen.height - r.y, 0, 0, 0, 0, 0, 0, r.x, r.maxX - 1]
        }
    }
}
