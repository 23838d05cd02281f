import CPangoCairo
import ClavierCore

/// An image in memory that the painter draws into: a Cairo RGB24 image surface, whose
/// x8r8g8b8 rows match an X11 24-bit TrueColor ZPixmap, so `XPutImage` can take `data`
/// as it is. Wraps `cairo_image_surface_create` / `cairo_surface_destroy`.
public struct Canvas: ~Copyable {
    /// The `cairo_surface_t`.
    let surface: OpaquePointer
    /// One `cairo_t` for the canvas's lifetime, so a repaint allocates no context.
    let cr: OpaquePointer
    /// Width and height in pixels.
    public let size: Size

    /// A black canvas of `size` pixels; wraps `cairo_image_surface_create(CAIRO_FORMAT_RGB24, …)`.
    public init(size: Size) throws(RenderError) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(size.height))!
        try self.init(adopting: surface) { .cannotCreateSurface(width: size.width, height: size.height, status: $0) }
    }

    /// Takes ownership of `surface`, destroying it and throwing `error` when its status is bad.
    private init(adopting surface: OpaquePointer, error: (String) -> RenderError) throws(RenderError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw error(String(cString: cairo_status_to_string(status)))
        }
        let cr = cairo_create(surface)!
        let crStatus = cairo_status(cr)
        guard crStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            throw error(String(cString: cairo_status_to_string(crStatus)))
        }
        self.surface = surface
        self.cr = cr
        self.size = Size(width: Int(cairo_image_surface_get_width(surface)),
                         height: Int(cairo_image_surface_get_height(surface)))
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// The first pixel's address, after `cairo_surface_flush` so every drawing is in memory:
    /// one native-endian `UInt32` 0x00RRGGBB per pixel, rows `stride` bytes apart.
    public var data: UnsafeMutableRawPointer {
        cairo_surface_flush(surface)
        return UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
    }

    /// Tells Cairo that `data` was written to from outside it (`cairo_surface_mark_dirty`).
    public func markDirty() {
        cairo_surface_mark_dirty(surface)
    }

    /// Lets `body` write the pixels (`stride` × height bytes) directly, then tells Cairo.
    public func withMutablePixels<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        defer { markDirty() }
        return try body(UnsafeMutableRawBufferPointer(start: data, count: stride * size.height))
    }

    /// Whether `other` holds exactly the same pixel bytes (`memcmp`).
    public func hasSamePixels(as other: borrowing Canvas) -> Bool {
        size == other.size && stride == other.stride && memcmp(data, other.data, stride * size.height) == 0
    }

    /// Bytes from one row to the next (`cairo_image_surface_get_stride`).
    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The pixel at (`x`, `y`) as 0x00RRGGBB, for tests and tools.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && y >= 0 && x < size.width && y < size.height, "pixel outside the canvas")
        return data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0x00FF_FFFF
    }

    /// Writes the canvas as an RGB PNG file; wraps `cairo_surface_write_to_png`.
    public func writePNG(to path: String) throws(RenderError) {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWritePNG(path: path, status: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Reads a PNG file into a new canvas (alpha, if any, composited over black); wraps
    /// `cairo_image_surface_create_from_png`.
    public static func readPNG(path: String) throws(RenderError) -> Canvas {
        let png = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(png) }
        let status = cairo_surface_status(png)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotReadPNG(path: path, status: String(cString: cairo_status_to_string(status)))
        }
        let size = Size(width: Int(cairo_image_surface_get_width(png)), height: Int(cairo_image_surface_get_height(png)))
        let canvas = try Canvas(size: size)
        cairo_save(canvas.cr)
        cairo_set_source_surface(canvas.cr, png, 0, 0)
        cairo_paint(canvas.cr)
        cairo_restore(canvas.cr)
        return canvas
    }
}
