import ClavierCore

/// Where a screen's painted pixels go on screen: an X window (`XPutImage`, KeyboardScreen.swift)
/// or a Wayland layer surface (copied into a wl_shm buffer, WaylandScreen.swift). The screen
/// (`PaintedScreen`) paints; the sink only carries pixels.
package protocol PixelSink: AnyObject {
    /// Puts `damage` (the window's coordinates) of `blocks` on screen. Empty `damage`: the X
    /// window puts nothing, the Wayland surface all of it (a surface made again).
    func put(_ blocks: [PixelBlock], damage: [Rect])
}

/// One canvas's pixels as a sink takes them: x8r8g8b8 rows `stride` bytes apart, `size` pixels,
/// whose top row is row `top` of the window (a floating keyboard's keys sit below its handle).
package struct PixelBlock {
    package var pixels: UnsafeMutableRawPointer
    package var stride: Int
    package var size: Size
    package var top: Int

    /// `rect` (the window's coordinates) clipped to this block, in the block's coordinates; nil: none of it.
    package func area(of rect: Rect) -> Rect? {
        let x0 = max(rect.x, 0), x1 = min(rect.x + rect.width, size.width)
        let y0 = max(rect.y - top, 0), y1 = min(rect.y + rect.height - top, size.height)
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
