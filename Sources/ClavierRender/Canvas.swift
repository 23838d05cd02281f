import CPangoCairo
import ClavierCore
import Glibc

/// An image in memory that the painter draws into: x8r8g8b8 rows, as a Cairo RGB24 image
/// surface and an X11 24-bit TrueColor ZPixmap both lay them out, so `XPutImage` can take
/// `data` as it is.
///
/// The pixels are Clavier's own memory (an anonymous mapping: black, and untouched pages
/// cost nothing) or a file mapped copy-on-write; the Cairo surface over them
/// (`cairo_image_surface_create_for_data`) and its context are made at the first drawing.
/// So a keyboard that starts from its kept first picture puts it on screen before Cairo is
/// loaded (CLazyLibs).
public struct Canvas: ~Copyable {
    private let storage: Storage
    /// Width and height in pixels.
    public let size: Size
    /// Bytes from one row to the next: 4 × width, what `cairo_format_stride_for_width`
    /// gives for RGB24 (checked when the surface is made).
    public let stride: Int

    /// The largest side Cairo's image surfaces take.
    static let maximumSide = 32767

    /// A black canvas of `size` pixels.
    public init(size: Size) throws(RenderError) {
        guard size.width >= 0, size.height >= 0, size.width <= Self.maximumSide, size.height <= Self.maximumSide else {
            throw .cannotCreateSurface(width: size.width, height: size.height,
                                       status: "each side must be 0 to \(Self.maximumSide) pixels")
        }
        let stride = size.width * 4
        // Mapped, not malloc'ed: unmapping gives the pages back at once, where free() of a
        // large block may leave them in the heap (a checked first picture's canvas is 1.8 MB).
        let length = max(1, stride * size.height)
        guard let pixels = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              pixels != MAP_FAILED else {
            throw .cannotCreateSurface(width: size.width, height: size.height, status: "out of memory")
        }
        self.storage = Storage(mapping: pixels, length: length, pixels: pixels, size: size, stride: stride)
        self.size = size
        self.stride = stride
    }

    /// A canvas of `size` whose pixels are the bytes of the file `fd` from `offset` on (a
    /// multiple of 4), mapped copy-on-write (`MAP_PRIVATE`): nothing is read until it is
    /// looked at, and drawing never changes the file. Nil when the file is too short or
    /// cannot be mapped.
    public init?(mapping fd: Int32, offset: Int, size: Size) {
        guard offset >= 0, offset % 4 == 0, size.width > 0, size.height > 0,
              size.width <= Self.maximumSide, size.height <= Self.maximumSide else { return nil }
        let stride = size.width * 4
        let length = offset + stride * size.height
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size >= length else { return nil }
        let base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0)
        guard let base, base != MAP_FAILED else { return nil }
        self.storage = Storage(mapping: base, length: length, pixels: base + offset, size: size, stride: stride)
        // Its own descriptor, to ask later whether the file still holds every mapped byte.
        storage.file = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        self.size = size
        self.stride = stride
    }

    /// Whether every pixel can still be read: true for the canvas's own memory; for a file's
    /// mapping, whether the file still holds all its mapped bytes (`fstat`). A file cut short
    /// under its mapping takes the pages past its new end with it: reading them is SIGBUS
    /// here, and EFAULT in a `write` to the X server, which Xlib takes for a lost connection.
    /// The language models' defence (ClavierPredict's `MappedFile`, a SIGBUS handler that maps
    /// zeros) cannot serve here: these pixels' reader is the kernel (`XPutImage`'s write), and
    /// no signal is raised for its EFAULT (without this check the keyboard quits,
    /// PictureCacheTests.aKeptPictureCutShortWhileRunningIsIgnored). A cut between this check
    /// and the put still loses the connection; a cut before it, the usual one, does not.
    public var pixelsAreReadable: Bool {
        guard let fd = storage.file else { return true }
        var st = stat()
        return fd >= 0 && fstat(fd, &st) == 0 && st.st_size >= storage.length
    }

    /// The Cairo surface over the pixels, made at the first call.
    var surface: OpaquePointer { storage.cairo().surface }
    /// One `cairo_t` for the canvas's lifetime, so a repaint allocates no context.
    var cr: OpaquePointer { storage.cairo().cr }

    /// The first pixel's address, after `cairo_surface_flush` (once Cairo has drawn) so every
    /// drawing is in memory: one native-endian `UInt32` 0x00RRGGBB per pixel, rows `stride` bytes apart.
    public var data: UnsafeMutableRawPointer {
        if let made = storage.made { cairo_surface_flush(made.surface) }
        return storage.pixels
    }

    /// Tells Cairo that `data` was written to from outside it (`cairo_surface_mark_dirty`).
    public func markDirty() {
        if let made = storage.made { cairo_surface_mark_dirty(made.surface) }
    }

    /// Gives the pixels' pages back to the system while the pixels are kept elsewhere (a
    /// Wayland keyboard's buffer on screen): they read as black (a file's mapping: as the
    /// file) until written again, which the caller does before drawing (`data`, then `markDirty`).
    public func dropPixels() {
        if let made = storage.made { cairo_surface_flush(made.surface) }
        storage.dropPages()
    }

    /// The pixels and, once something is drawn, Cairo's surface and context over them.
    private final class Storage {
        /// The mapping the pixels lie in (anonymous, or a file's from its start), unmapped at the end.
        private let mapping: UnsafeMutableRawPointer
        let length: Int
        /// The mapped file's descriptor (a duplicate, closed with the canvas); nil for anonymous memory.
        var file: Int32?
        let pixels: UnsafeMutableRawPointer
        let size: Size
        let stride: Int
        private(set) var made: (surface: OpaquePointer, cr: OpaquePointer)?

        init(mapping: UnsafeMutableRawPointer, length: Int, pixels: UnsafeMutableRawPointer, size: Size, stride: Int) {
            self.mapping = mapping
            self.length = length
            self.pixels = pixels
            self.size = size
            self.stride = stride
        }

        func dropPages() { _ = madvise(mapping, length, MADV_DONTNEED) }

        func cairo() -> (surface: OpaquePointer, cr: OpaquePointer) {
            if let made { return made }
            precondition(Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(size.width))) == stride,
                         "Cairo's RGB24 rows are not 4 bytes a pixel")
            let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                              Int32(size.width), Int32(size.height), Int32(stride))!
            let cr = cairo_create(surface)!
            // Only running out of memory fails here; the size was checked at init.
            precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS && cairo_status(cr) == CAIRO_STATUS_SUCCESS,
                         "cannot draw on a \(size.width)×\(size.height) canvas: \(String(cString: cairo_status_to_string(cairo_status(cr))))")
            made = (surface, cr)
            return (surface, cr)
        }

        deinit {
            if let made {
                cairo_destroy(made.cr)
                cairo_surface_destroy(made.surface)
            }
            munmap(mapping, length)
            if let file, file >= 0 { close(file) }
        }
    }

    /// Whether the file `fd` holds exactly these pixel bytes from `offset` on (rows packed
    /// `stride` bytes apart), read with `pread` so that nothing of the file is mapped in.
    public func hasSamePixels(asFile fd: Int32, offset: Int) -> Bool {
        let total = stride * size.height, chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        let pixels = data
        var done = 0
        while done < total {
            let want = min(chunk, total - done)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0, buffer.withUnsafeBytes({ memcmp($0.baseAddress!, pixels + done, n) }) == 0 else { return false }
            done += n
        }
        return true
    }

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
