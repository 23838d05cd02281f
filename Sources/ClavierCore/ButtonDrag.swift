/// What a press on the show button (`--show-button`) becomes: a tap, which shows the
/// keyboard, or a drag, which moves the button with the pointer. Pointer positions and the
/// button's origin are in root coordinates.
public struct ButtonDrag: Sendable {
    /// How far (px) the pointer must travel before a press is a drag and no longer a tap:
    /// a finger wobbles a few pixels during a tap.
    public let slop: Double
    private var start: Point?
    private var startOrigin = Point(x: 0, y: 0)
    private var moving = false

    /// What a release ends with.
    public enum Outcome: Equatable, Sendable {
        case tap
        /// Dragged; the button's origin is now here.
        case moved(Point)
        /// No press was under way.
        case none
    }

    public init(slop: Double = 8) { self.slop = slop }

    /// Whether a press is under way.
    public var isPressed: Bool { start != nil }

    /// The pointer went down at `point` on the button whose origin is `origin`.
    public mutating func press(at point: Point, origin: Point) {
        start = point
        startOrigin = origin
        moving = false
    }

    /// The pointer moved to `point`: the button's new origin once the press is a drag, else nil.
    public mutating func motion(to point: Point) -> Point? {
        guard let start else { return nil }
        let dx = point.x - start.x, dy = point.y - start.y
        if !moving && dx * dx + dy * dy > slop * slop { moving = true }
        return moving ? Point(x: startOrigin.x + dx, y: startOrigin.y + dy) : nil
    }

    /// The pointer went up at `point`.
    public mutating func release(at point: Point) -> Outcome {
        guard start != nil else { return .none }
        let origin = motion(to: point)
        start = nil
        return origin.map(Outcome.moved) ?? .tap
    }

    /// `origin` moved so a button of `size` lies wholly on a screen of `screen`.
    public static func clamped(_ origin: Point, size: Size, screen: Size) -> Point {
        Point(x: min(max(origin.x, 0), Double(max(screen.width - size.width, 0))),
              y: min(max(origin.y, 0), Double(max(screen.height - size.height, 0))))
    }
}
