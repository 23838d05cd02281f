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

    /// The keys' size in a window of `size`: what the handle leaves.
    func keysSize(window size: Size) -> Size {
        let keys = FloatFrame(size: size, scale: scale).keysArea
        return Size(width: keys.width, height: keys.height)
    }

    /// Where the resize grip lies, in the coordinates of keys of `size`.
    func grip(keys size: Size) -> Rect {
        FloatFrame(size: Size(width: size.width, height: size.height + handleHeight), scale: scale).gripInKeys
    }

    /// What a floating keyboard's kept picture is painted from besides its keys: the window's
    /// size and scale, which place the handle and the grip.
    func pictureKey(window size: Size) -> String {
        let grip = FloatFrame(size: size, scale: scale).gripInKeys
        return "frame " + String(size.width) + "x" + String(size.height) + " scale " + String(scale.factor)
            + " grip " + String(grip.x) + "," + String(grip.y) + "," + String(grip.width) + "," + String(grip.height) + "\n"
    }

    /// `point` of `window` in the keys' coordinates; nil on the handle or the grip.
    func keysPoint(_ point: Point, window: KeyboardWindow) -> Point? {
        let part = FloatFrame(size: Size(width: window.rect.width, height: window.rect.height), scale: scale).part(at: point)
        return part == .keys ? Point(x: point.x, y: point.y - Double(handleHeight)) : nil
    }

    /// Takes a pointer event in window coordinates: nil when it belongs to a move or resize
    /// of `window`, else the same event in the keys' coordinates.
    func route(_ input: InputEvent, window: KeyboardWindow) -> InputEvent? {
        func keys(_ p: Point) -> Point { Point(x: p.x, y: p.y - Double(handleHeight)) }
        switch input {
        case .press(let point, let pointer):
            if let onKeys = keysPoint(point, window: window) { return .press(onKeys, pointer: pointer) }
            let part = FloatFrame(size: Size(width: window.rect.width, height: window.rect.height), scale: scale).part(at: point)
            guard drag == nil else { return nil }
            if window.beginWindowManagerMoveResize(resize: part == .resizeGrip) {
                Log.debug("\(part == .resizeGrip ? "resize" : "move") handed to the window manager (_NET_WM_MOVERESIZE)")
            } else {
                drag = (part, window.pointerOnRoot(), window.rootRect())
            }
            return nil
        case .motion(let point, let pointer):
            guard let drag else { return .motion(keys(point), pointer: pointer) }
            let now = window.pointerOnRoot()
            let next = FloatFrame.dragged(drag.start, part: drag.part, dx: now.x - drag.pointer.x, dy: now.y - drag.pointer.y,
                                          scale: scale)
            window.place(.floating(next))
            return nil
        case .release(let point, let pointer):
            guard drag != nil else { return .release(keys(point), pointer: pointer) }
            drag = nil
            moved(window.rootRect())
            return nil
        case .lost:
            // The release will never come: the move ends where it is.
            if drag != nil {
                drag = nil
                moved(window.rootRect())
            }
            return input
        case .tick, .cancelAll:
            return input
        }
    }

    /// Says where `window` is now: after the window manager may have moved it, and at quit.
    func windowMayHaveMoved(_ window: KeyboardWindow) { moved(window.rootRect()) }
}
