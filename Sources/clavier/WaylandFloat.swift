import ClavierCore
import ClavierRender

/// A floating keyboard's frame on Wayland: the handle strip above the keys moves the layer
/// surface (its margins on the overlay layer), the grip at the keys' bottom right resizes it,
/// and where it was left is kept as on X (`FloatStateStore`). `rect` is in the output's
/// logical pixels; the events and pixels are the surface's buffer pixels (× `scale`).
final class WaylandFloat {
    private(set) var rect: Rect
    /// Buffer pixels per logical pixel.
    var scale: Int
    /// Keeps a place the user dragged the keyboard to.
    private let moved: (Rect) -> Void
    /// The part pressed, where the pointer was on the output then, and the rect then.
    private var drag: (part: FloatFrame.Part, pointer: Point, start: Rect)?

    init(rect: Rect, scale: Int, moved: @escaping (Rect) -> Void) {
        self.rect = rect
        self.scale = scale
        self.moved = moved
    }

    var displayScale: DisplayScale { DisplayScale(factor: Double(scale)) }
    /// The handle strip's height in buffer pixels.
    var handleHeight: Int { displayScale.pixels(FloatFrame.handleHeight) }

    /// The frame of a surface of `size` buffer pixels.
    func frame(_ size: Size) -> FloatFrame { FloatFrame(size: size, scale: displayScale) }

    /// What a pointer event on the surface (buffer pixels, a surface of `size`) is: the keys'
    /// (in their coordinates), or the frame's (nil), which moves or resizes the surface with
    /// `place`, asked for the rect to go to, when the drag ends.
    ///
    /// Not while it goes on: during a press, sway 1.7 gives the pointer in the coordinates the
    /// surface had when it was pressed, other compositors in those it has now, and a surface
    /// moved under the pointer would read the two differently (seen: a drag of 200 px flew
    /// 2,000 px off the output on sway). Unmoved, both give the same.
    func route(_ input: InputEvent, surface size: Size, place: (Rect) -> Void) -> InputEvent? {
        func keys(_ p: Point) -> Point { Point(x: p.x, y: p.y - Double(handleHeight)) }
        // Where the pointer is on the output, in logical pixels.
        func onOutput(_ p: Point) -> Point {
            Point(x: Double(rect.x) + p.x / Double(scale), y: Double(rect.y) + p.y / Double(scale))
        }
        switch input {
        case .press(let point, let pointer):
            let part = frame(size).part(at: point)
            if part == .keys { return .press(keys(point), pointer: pointer) }
            if drag == nil { drag = (part, onOutput(point), rect) }
            return nil
        case .motion(let point, let pointer):
            guard drag == nil else { return nil }
            return .motion(keys(point), pointer: pointer)
        case .release(let point, let pointer):
            guard let drag else { return .release(keys(point), pointer: pointer) }
            self.drag = nil
            let now = onOutput(point)
            let next = FloatFrame.dragged(drag.start, part: drag.part, dx: Int((now.x - drag.pointer.x).rounded()),
                                          dy: Int((now.y - drag.pointer.y).rounded()), scale: displayScale)
            guard next != rect else { return nil }
            rect = next
            place(next)
            moved(rect)
            return nil
        case .lost:
            // The release will never come: the keyboard stays where it is.
            guard drag != nil else { return input }
            drag = nil
            return nil
        case .tick, .cancelAll:
            return input
        }
    }
}
