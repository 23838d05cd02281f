import ClavierCore

/// A floating keyboard's frame, on either window system: the handle strip along the window's
/// top and the resize grip in the keys' bottom-right corner. Presses there move or resize the
/// window, never type. The frame only decides: X's host hands the move to the window manager
/// when it can, else drags the window as the pointer goes (`XHost.route`); Wayland's
/// (`WaylandFloat`) moves the surface once, where the pointer is released.
package final class FloatingFrame {
    package var scale: DisplayScale
    /// Told where the window ended up after a move or resize, and when the keyboard quits.
    private let moved: (Rect) -> Void
    /// Whether a drag moves the window as the pointer goes (X), or only where it ends (Wayland).
    let followsPointer: Bool
    /// A move or resize the frame carries out (no window manager took it): the part pressed,
    /// where the pointer and the window were then, on the screen.
    private var drag: (part: FloatFrame.Part, pointer: Point, start: Rect)?

    package init(scale: DisplayScale, followsPointer: Bool = true, moved: @escaping (Rect) -> Void) {
        self.scale = scale
        self.followsPointer = followsPointer
        self.moved = moved
    }

    /// The handle strip's height in pixels.
    package var handleHeight: Int { scale.pixels(FloatFrame.handleHeight) }

    /// `point` of a window of `size` in the keys' coordinates; nil on the handle or the grip.
    package func keysPoint(_ point: Point, window size: Size) -> Point? {
        FloatFrame(size: size, scale: scale).part(at: point) == .keys ? Point(x: point.x, y: point.y - Double(handleHeight)) : nil
    }

    /// What a pointer event on the window comes to: an event for the keys, or a step of moving
    /// or resizing the window, which the host carries out.
    package enum Step: Equatable {
        /// The event, in the keys' coordinates.
        case keys(InputEvent)
        /// A press on the handle or the grip: move or resize, the window manager's way if it
        /// takes it, else the frame's own drag (`startDrag`).
        case begin(FloatFrame.Part)
        /// The drag goes on (`followsPointer`) or ended where the pointer was released: where
        /// the window is to be.
        case place(Rect)
        /// The drag ended: say where the window is.
        case end
        /// Nothing (a press elsewhere on the frame while a drag goes on, or a drag's motion
        /// when the window moves only where it ends).
        case nothing
    }

    /// Takes a pointer event in the coordinates of a window of `size`; `pointerOnScreen` says
    /// where the pointer is on the screen (asked only while the frame's own drag goes on).
    package func route(_ input: InputEvent, window size: Size, pointerOnScreen: () -> Point) -> Step {
        func keys(_ p: Point) -> Point { Point(x: p.x, y: p.y - Double(handleHeight)) }
        func dragged(_ drag: (part: FloatFrame.Part, pointer: Point, start: Rect)) -> Rect {
            let now = pointerOnScreen()
            return FloatFrame.dragged(drag.start, part: drag.part, dx: Int((now.x - drag.pointer.x).rounded()),
                                      dy: Int((now.y - drag.pointer.y).rounded()), scale: scale)
        }
        switch input {
        case .press(let point, let pointer):
            let part = FloatFrame(size: size, scale: scale).part(at: point)
            if part == .keys { return .keys(.press(keys(point), pointer: pointer)) }
            return drag == nil ? .begin(part) : .nothing
        case .motion(let point, let pointer):
            guard let drag else { return .keys(.motion(keys(point), pointer: pointer)) }
            // Not on Wayland while it goes on: during a press, sway 1.7 gives the pointer in the
            // coordinates the surface had when it was pressed, other compositors in those it has
            // now, and a surface moved under the pointer would read the two differently (seen: a
            // drag of 200 px flew 2,000 px off the output on sway). Unmoved, both give the same.
            return followsPointer ? .place(dragged(drag)) : .nothing
        case .release(let point, let pointer):
            guard let drag else { return .keys(.release(keys(point), pointer: pointer)) }
            self.drag = nil
            return followsPointer ? .end : .place(dragged(drag))
        case .lost:
            // The release will never come: the move ends where it is.
            guard drag != nil else { return .keys(input) }
            drag = nil
            return .end
        case .tick, .cancelAll:
            return .keys(input)
        }
    }

    /// The frame's own move or resize of a window at `start` (on the screen) begins, the pointer
    /// at `pointer`: no window manager took it.
    package func startDrag(_ part: FloatFrame.Part, pointer: Point, window start: Rect) {
        drag = (part, pointer, start)
    }

    /// The window is at `rect` now: after a move, and at quit.
    package func windowIs(at rect: Rect) { moved(rect) }
}
