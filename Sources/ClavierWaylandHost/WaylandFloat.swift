import ClavierApp
import ClavierCore

/// A floating keyboard's frame on Wayland (`FloatingFrame`, moving the surface where a drag
/// ends): the handle strip moves the layer surface (its margins on the overlay layer), the grip
/// resizes it, and where it was left is kept as on X (`FloatPlace`). `rect` is in the output's
/// logical pixels; the events and pixels are the surface's buffer pixels (× `scale`).
final class WaylandFloat {
    private(set) var rect: Rect
    /// Buffer pixels per logical pixel.
    var scale: Int {
        didSet { frame.scale = displayScale }
    }
    private let frame: FloatingFrame

    init(rect: Rect, scale: Int, moved: @escaping (Rect) -> Void) {
        self.rect = rect
        self.scale = scale
        frame = FloatingFrame(scale: DisplayScale(factor: Double(scale)), followsPointer: false, moved: moved)
    }

    var displayScale: DisplayScale { DisplayScale(factor: Double(scale)) }
    /// The handle strip's height in buffer pixels.
    var handleHeight: Int { frame.handleHeight }

    /// What a pointer event on the surface (buffer pixels, a surface of `size`) is: the keys'
    /// (in their coordinates), or the frame's (nil), which moves or resizes the surface with
    /// `place`, asked for the rect to go to, when the drag ends.
    func route(_ input: InputEvent, surface size: Size, place: (Rect) -> Void) -> InputEvent? {
        // Where the pointer is on the output, in logical pixels.
        func onOutput(_ p: Point) -> Point {
            Point(x: Double(rect.x) + p.x / Double(scale), y: Double(rect.y) + p.y / Double(scale))
        }
        var at = Point(x: 0, y: 0)
        switch input {
        case .press(let p, _), .motion(let p, _), .release(let p, _): at = onOutput(p)
        default: break
        }
        switch frame.route(input, window: size, pointerOnScreen: { at }) {
        case .keys(let event):
            return event
        case .begin(let part):
            frame.startDrag(part, pointer: at, window: rect)
        case .place(let next):
            guard next != rect else { return nil }
            rect = next
            // Kept first: the placement asked as the surface is made again reads it (`FloatPlace.rect`).
            frame.windowIs(at: rect)
            place(next)
        case .end, .nothing:
            break
        }
        return nil
    }
}
