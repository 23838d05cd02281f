import CX11
import ClavierCore

/// A window of our own on `display`'s root (the popup, the show button, the tray icon): the
/// screen's depth and visual, no background (the server never clears it, so nothing flickers
/// before our pixels arrive), no border, and a GC to put pixels with (`putPixels`). `mask`
/// names the further `attributes` set (`CWBackPixmap | CWBorderPixel` are always). Unmapped.
func createSmallWindow(on display: Display, at rect: Rect, attributes: XSetWindowAttributes,
                       mask: Int) -> (id: Window, gc: GC, depth: Int32) {
    let d = display.raw
    let depth = clavier_default_depth(d)
    var attributes = attributes
    attributes.background_pixmap = UInt(None)
    attributes.border_pixel = 0
    let id = XCreateWindow(d, display.root, Int32(rect.x), Int32(rect.y), UInt32(max(rect.width, 1)),
                           UInt32(max(rect.height, 1)), 0, depth, UInt32(InputOutput), clavier_default_visual(d),
                           UInt(CWBackPixmap | CWBorderPixel | mask), &attributes)
    return (id, XCreateGC(d, id, 0, nil), depth)
}

/// Frees what `createSmallWindow` made: the GC, then the window.
func destroySmallWindow(_ id: Window, gc: GC, on display: Display) {
    XFreeGC(display.raw, gc)
    XDestroyWindow(display.raw, id)
    display.flush()
}
