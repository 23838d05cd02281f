import CX11
import ClavierCore

/// Puts `area` of x8r8g8b8 `pixels` (rows `stride` bytes apart, `size` in all) on `drawable`
/// with `XPutImage`, at `origin` plus the area's own offset; the part outside `size` is left out.
func putPixels(_ pixels: UnsafeMutableRawPointer, stride: Int, size: Size, area: Rect, origin: (x: Int, y: Int),
               on drawable: Drawable, gc: GC, depth: Int32, _ display: Display) {
    let x0 = max(area.x, 0), y0 = max(area.y, 0)
    let x1 = min(area.maxX, size.width), y1 = min(area.maxY, size.height)
    guard x1 > x0, y1 > y0 else { return }
    var image = XImage()
    image.width = Int32(size.width)
    image.height = Int32(size.height)
    image.format = ZPixmap
    image.data = pixels.assumingMemoryBound(to: CChar.self)
    image.byte_order = LSBFirst
    image.bitmap_unit = 32
    image.bitmap_bit_order = LSBFirst
    image.bitmap_pad = 32
    image.depth = depth
    image.bytes_per_line = Int32(stride)
    image.bits_per_pixel = 32
    image.red_mask = 0xFF0000
    image.green_mask = 0xFF00
    image.blue_mask = 0xFF
    XInitImage(&image)
    XPutImage(display.raw, drawable, gc, &image, Int32(x0), Int32(y0), Int32(x0 + origin.x), Int32(y0 + origin.y),
              UInt32(x1 - x0), UInt32(y1 - y0))
}
