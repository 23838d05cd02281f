import ClavierApp
import ClavierCore
import ClavierX11

/// The window's own business on X: pointer events on a floating keyboard's frame, exposures,
/// a new size, a changed screen (`HostScreen`).
extension XHost {
    /// A pointer event in window coordinates in the keys' coordinates; nil when it belongs to
    /// the floating frame's move or resize.
    package func route(_ input: InputEvent) -> InputEvent? {
        guard let frame = screen.frame else { return input }
        let window = screen.window
        switch frame.route(input, window: Size(width: window.rect.width, height: window.rect.height),
                           pointerOnScreen: { let p = window.pointerOnRoot(); return Point(x: Double(p.x), y: Double(p.y)) }) {
        case .keys(let event):
            return event
        case .begin(let part):
            if window.beginWindowManagerMoveResize(resize: part == .resizeGrip) {
                Log.debug("\(part == .resizeGrip ? "resize" : "move") handed to the window manager (_NET_WM_MOVERESIZE)")
            } else {
                let pointer = window.pointerOnRoot()
                frame.startDrag(part, pointer: Point(x: Double(pointer.x), y: Double(pointer.y)), window: window.rootRect())
            }
        case .place(let rect):
            window.place(.floating(rect))
        case .end:
            frame.windowIs(at: window.rootRect())
        case .nothing:
            break
        }
        return nil
    }

    /// A window point in the keys' coordinates; nil on a floating keyboard's handle or grip.
    package func keysPoint(_ point: Point) -> Point? {
        guard let frame = screen.frame else { return point }
        return frame.keysPoint(point, window: Size(width: screen.window.rect.width, height: screen.window.rect.height))
    }

    package func expose(_ rect: Rect, picture: Picture) {
        if screen.pictureIsBackground { screen.firstExposed() } else { screen.expose(rect) }
        screen.settleFirstPicture(check: true, picture: picture)
        pressesBegin()
    }

    /// Takes the window's new size; returns the keys' new size (nil: no pixels for it).
    package func resize(to size: Size, picture: Picture) -> Size? {
        screen.settleFirstPicture(check: false, picture: picture)
        do {
            return try screen.resize(to: size)
        } catch {
            Log.error("\(error)")
            return nil
        }
    }

    package func screenChanged() {
        // The window manager may have moved a floating window since we last heard: the
        // placement asked next must start from where it is, not where it was.
        screen.frame?.windowIs(at: screen.window.rootRect())
        let next = placement(display)
        Log.debug("screen changed: placing the window at \(next.rect)")
        screen.window.place(next)
    }
}
