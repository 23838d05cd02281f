import ClavierCore
import ClavierX11

/// A floating keyboard's frame: the handle strip along the window's top and the resize grip
/// in the keys' bottom-right corner. Presses there move or resize the window, never type;
/// the frame hands the move to the window manager when it can, else drags the window itself.
final class FloatingFrame {
    let scale: DisplayScale
    /// Told where the window ended up after a move or resize, and when the keyboard quits.
    private let moved: (Rect) -> Void
    /// A move or resize we carry out ourselves (no window manager to hand it to): the part
    /// pressed, where the pointer and the window were then, in root coordinates.
    private var drag: (part: FloatFrame.Part, pointer: (x: Int, y: Int), start: Rect)?

    init(scale: DisplayScale, moved: @escaping (Rect) -> Void) {
        self.scale = scale
        self.moved = moved
    }

    /// The handle strip's height in pixels.
    var handleHeight: Int { scale.pixels(FloatFrame.handleHeight) }

    /// `point` of `window` in the keys' coordinates; nil on the handle or the grip.
    func keysPoint(_ point: Point, window: KeyboardWindow) -> Point? {
        let part = FloatFrame(size: Size(width: window.rect.width, height: window.rect.height), scale: scale).part(at: point)
        return part == .keys ? Point(x: point.x, y: point.y - Double(handleHeight)) : nil
    }

    /// What a pointer event on the window comes to: an event for the keys, or a step of moving
    /// or resizing the window, which `XHost.route` carries out (the frame only decides).
    enum Step: Equatable {
        /// The event, in the keys' coordinates.
        case keys(InputEvent)
        /// A press on the handle or the grip: move or resize, the window manager's way if it
        /// takes it, else our own drag (`startDrag`).
        case begin(FloatFrame.Part)
        /// Our own drag goes on: where the window is to be.
        case place(Rect)
        /// Our own drag ended: say where the window is.
        case end
        /// Nothing (a press elsewhere on the frame while a drag goes on).
        case nothing
    }

    /// Takes a pointer event in the coordinates of a window of `size`; `pointerOnRoot` says
    /// where the pointer is on the screen (asked only while our own drag goes on).
    func route(_ input: InputEvent, window size: Size, pointerOnRoot: () -> (x: Int, y: Int)) -> Step {
        func keys(_ p: Point) -> Point { Point(x: p.x, y: p.y - Double(handleHeight)) }
        switch input {
        case .press(let point, let pointer):
            let part = FloatFrame(size: size, scale: scale).part(at: point)
            if part == .keys { return .keys(.press(keys(point), pointer: pointer)) }
            return drag == nil ? .begin(part) : .nothing
        case .motion(let point, let pointer):
            guard let drag else { return .keys(.motion(keys(point), pointer: pointer)) }
            let now = pointerOnRoot()
            return .place(FloatFrame.dragged(drag.start, part: drag.part, dx: now.x - drag.pointer.x,
                                             dy: now.y - drag.pointer.y, scale: scale))
        case .release(let point, let pointer):
            guard drag != nil else { return .keys(.release(keys(point), pointer: pointer)) }
            drag = nil
            return .end
        case .lost:
            // The release will never come: the move ends where it is.
            guard drag != nil else { return .keys(input) }
            drag = nil
            return .end
        case .tick, .cancelAll:
            return .keys(input)
        }
    }

    /// Our own move or resize of a window at `start` (root coordinates) begins, the pointer at
    /// `pointer`: no window manager took it.
    func startDrag(_ part: FloatFrame.Part, pointer: (x: Int, y: Int), window start: Rect) {
        drag = (part, pointer, start)
    }

    /// Says where `window` is now: after the window manager may have moved it, and at quit.
    func windowMayHaveMoved(_ window: KeyboardWindow) { moved(window.rootRect()) }
}
