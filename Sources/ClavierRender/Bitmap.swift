import CPangoCairo
import Glibc

/// A small image the painter draws once and then copies many times: an A8 coverage mask
/// (a shadow's or an icon's shape) or an ARGB32 sprite (a key's face with its shadows).
/// Wraps `cairo_image_surface_create` and one `cairo_pattern_create_for_surface` to paint it.
final class Bitmap {
    /// The `cairo_surface_t`.
    let surface: OpaquePointer
    /// A pattern over `surface`, moved with its matrix instead of made anew for each paint.
    private let pattern: OpaquePointer
    let width: Int
    let height: Int

    /// A transparent `width`×`height` bitmap into which `draw` paints with a fresh `cairo_t`
    /// whose source is opaque black; throws when Cairo refuses the size (a side past
    /// `Canvas.maximumSide`) or the memory runs out, and the painter goes on without it.
    init(_ format: cairo_format_t, width: Int, height: Int, draw: (OpaquePointer) -> Void) throws(RenderError) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        guard self.width <= Canvas.maximumSide, self.height <= Canvas.maximumSide else {
            throw .cannotCreateSurface(width: width, height: height, status: "each side must be 1 to \(Canvas.maximumSide) pixels")
        }
        let surface = cairo_image_surface_create(format, Int32(self.width), Int32(self.height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cannotCreateSurface(width: width, height: height, status: String(cString: cairo_status_to_string(status)))
        }
        let cr = cairo_create(surface)!
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        self.surface = surface
        // The default filter: on whole pixels Cairo copies exactly, and an icon's shadow half
        // a pixel lower blends two rows, as a Core Graphics mask would.
        pattern = cairo_pattern_create_for_surface(surface)!
    }

    /// Bytes of pixel memory the bitmap holds.
    var byteCount: Int { Int(cairo_image_surface_get_stride(surface)) * height }

    deinit {
        cairo_pattern_destroy(pattern)
        cairo_surface_destroy(surface)
    }

    /// Composites the bitmap onto `cr` with its top-left corner at (`x`, `y`): as a sprite
    /// (`cairo_paint`), or as a mask for `cr`'s current source (`cairo_mask`).
    func paint(on cr: OpaquePointer, x: Double, y: Double, asMask: Bool = false) {
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, -x, -y)
        cairo_pattern_set_matrix(pattern, &matrix)
        if asMask {
            cairo_mask(cr, pattern)
        } else {
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
        }
    }

    /// Blurs an A8 mask in place with a Gaussian of standard deviation `sigma` pixels, run
    /// separably (rows, then columns) with edge pixels repeated outwards. Cairo has no blur
    /// of its own; CoreGraphics' and CoreAnimation's shadow blur is this Gaussian.
    func blur(sigma: Double) {
        precondition(cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8, "only masks are blurred")
        guard sigma > 0.05 else { return }
        let radius = Int((3 * sigma).rounded(.up))
        // 16.16 fixed-point weights summing to 65536, so the passes stay integer and exact.
        var weights = (-radius...radius).map { d -> Double in
            let x = Double(d)
            return exp(-x * x / (2 * sigma * sigma))
        }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        var fixed = weights.map { Int(($0 * 65536).rounded()) }
        fixed[radius] += 65536 - fixed.reduce(0, +)

        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        let pixels = cairo_image_surface_get_data(surface)!
        let longest = max(width, height)
        var padded = [UInt8](repeating: 0, count: longest + 2 * radius)
        var runEnd = [Int32](repeating: 0, count: longest + 2 * radius)
        fixed.withUnsafeBufferPointer { k in
            padded.withUnsafeMutableBufferPointer { padded in
                runEnd.withUnsafeMutableBufferPointer { runEnd in
                    // Rows, then columns: the same 1-D pass over `count` pixels `step` bytes apart.
                    func pass(_ line: UnsafeMutablePointer<UInt8>, count: Int, step: Int) {
                        for i in 0..<count { padded[radius + i] = line[i * step] }
                        for i in 0..<radius {
                            padded[i] = line[0]
                            padded[radius + count + i] = line[(count - 1) * step]
                        }
                        let n = count + 2 * radius
                        // runEnd[i]: the last index of the run of equal pixels starting at i, so
                        // a window lying in one run (a shadow's flat inside or outside, which is
                        // most of it) is copied instead of convolved.
                        runEnd[n - 1] = Int32(n - 1)
                        for i in stride(from: n - 2, through: 0, by: -1) {
                            runEnd[i] = padded[i] == padded[i + 1] ? runEnd[i + 1] : Int32(i)
                        }
                        for x in 0..<count {
                            if Int(runEnd[x]) >= x + 2 * radius {
                                line[x * step] = padded[x]
                                continue
                            }
                            var sum = 32768
                            for i in 0...(2 * radius) { sum += k[i] * Int(padded[x + i]) }
                            line[x * step] = UInt8(truncatingIfNeeded: min(sum >> 16, 255))
                        }
                    }
                    for y in 0..<height { pass(pixels + y * rowBytes, count: width, step: 1) }
                    for x in 0..<width { pass(pixels + x, count: height, step: rowBytes) }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
