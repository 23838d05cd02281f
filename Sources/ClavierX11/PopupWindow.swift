import CX11
import ClavierCore

/// A small window above everything else that takes neither the focus nor the pointer: the
/// key preview over a finger. Override-redirect, so no window manager frames or moves it;
/// an empty input shape (`XShapeCombineRectangles`), so touches and clicks fall through.
public final class PopupWindow {
    private let display: Display
    public let id: Window
    private let gc: GC
    private let depth: Int32
    /// Where the popup is, in root coordinates.
    public private(set) var rect = Rect(x: 0, y: 0, width: 1, height: 1)
    public private(set) var isMapped = false

    /// An unmapped popup named `title` (`WM_NAME`, for tests and `xwininfo`).
    public init(display: Display, title: String) {
        self.display = display
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        // What lies beneath comes back from the server's copy when the popup goes.
        attributes.save_under = 1
        (id, gc, depth) = createSmallWindow(on: display, at: Rect(x: 0, y: 0, width: 1, height: 1), attributes: attributes,
                                            mask: CWOverrideRedirect | CWSaveUnder)
        XStoreName(display.raw, id, title)
        XShapeCombineRectangles(display.raw, id, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
    }

    deinit { destroySmallWindow(id, gc: gc, on: display) }

    /// Shows `pixels` (x8r8g8b8, rows `stride` bytes apart) in the popup at `rect`, on top.
    public func show(at rect: Rect, pixels: UnsafeMutableRawPointer, stride: Int) {
        if rect != self.rect {
            XMoveResizeWindow(display.raw, id, Int32(rect.x), Int32(rect.y), UInt32(max(rect.width, 1)), UInt32(max(rect.height, 1)))
            self.rect = rect
        }
        if !isMapped {
            XMapRaised(display.raw, id)
            isMapped = true
        } else {
            XRaiseWindow(display.raw, id)
        }
        // Put at once: the server paints an override-redirect window as soon as it is mapped
        // (no Expose round trip needed for a window this small).
        putPixels(pixels, stride: stride, size: Size(width: rect.width, height: rect.height),
                  area: Rect(x: 0, y: 0, width: rect.width, height: rect.height), origin: (0, 0), on: id, gc: gc, depth: depth, display)
        display.flush()
    }

    /// Takes the popup off the screen.
    public func hide() {
        guard isMapped else { return }
        XUnmapWindow(display.raw, id)
        isMapped = false
        display.flush()
    }
}
