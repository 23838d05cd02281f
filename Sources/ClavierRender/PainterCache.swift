import CPangoCairo
import ClavierCore

/// What a painter keeps between paints: its typesetter, its theme's gradients, and the
/// bitmaps (key faces, icons, label embosses) it has drawn, so that a repaint mostly copies.
final class PainterCache {
    /// Which bitmap. A key's face depends on its size, its row (the global gradient runs over
    /// the whole keyboard) and its fill, never on its label, so keys share faces.
    enum BitmapID: Hashable {
        case face(width: Int, height: Int, top: Int, keyboardHeight: Int, fill: Fill)
        case icon(Icon, IconVariant)
        /// A label's emboss; `cut` is the part of it kept (in the label's pixels from its
        /// origin) when the whole would reach far past its key, nil for the whole.
        case emboss(String, pixelSize: Int, cut: PixelBox?)
    }

    private struct BitmapKey: Hashable {
        var id: BitmapID
        var keyHeight: Double
    }

    /// The gradients of the theme a painter can fill with.
    enum Fill: Hashable {
        case background, key, keyPressed, functionKey, global
    }

    private struct ColumnKey: Hashable {
        var fill: Fill
        var height: Int
    }

    let typesetter: LabelTypesetter
    private let theme: Theme
    private var columns: [ColumnKey: OpaquePointer] = [:]
    private var bitmaps: [BitmapKey: Bitmap] = [:]
    private var bitmapBytes = 0
    /// Bytes of bitmaps kept at most: three pages, pressed and idle, of a 4K-wide keyboard.
    static let bitmapBudget = 8 << 20
    private var backgroundRows: (height: Int, colors: [UInt32]) = (0, [])

    init(theme: Theme) {
        self.theme = theme
        typesetter = LabelTypesetter(family: theme.fontFamily)
    }

    deinit {
        for pattern in columns.values { cairo_pattern_destroy(pattern) }
    }

    /// The bitmap `id` for keys `m.keyHeight` px tall, made by `make` the first time; nil
    /// when it cannot be made (`Bitmap.init`), and the painter paints without it.
    func bitmap(_ id: BitmapID, _ m: Metrics, make: () throws -> Bitmap) -> Bitmap? {
        let key = BitmapKey(id: id, keyHeight: m.keyHeight)
        if let bitmap = bitmaps[key] { return bitmap }
        guard let bitmap = try? make() else { return nil }
        // A page needs some 15 faces (~70 kB each on a 1920 px wide keyboard) and 40 small
        // masks; page switches and resizes add more. Starting over when the budget is spent
        // keeps memory bounded at the price of one slower paint.
        if bitmapBytes + bitmap.byteCount > Self.bitmapBudget {
            bitmaps.removeAll()
            bitmapBytes = 0
        }
        bitmaps[key] = bitmap
        bitmapBytes += bitmap.byteCount
        return bitmap
    }

    /// Sets `cr`'s source to `fill` running from y = `top` down `height` pixels, and flat beyond.
    ///
    /// The gradient is rendered once into a 1 px wide column and stretched sideways from
    /// there: Cairo re-fits a linear gradient to each drawing's extents before pixman
    /// evaluates it, so the same row can come out 1/255 apart when drawn over different areas.
    func use(_ fill: Fill, top: Int, height: Int, on cr: OpaquePointer) {
        let pattern = column(ColumnKey(fill: fill, height: max(height, 1)))
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, 0, Double(-top))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(cr, pattern)
    }

    /// The background gradient's colour of each row of a keyboard `height` px tall, as
    /// 0xAARRGGBB: filling runs of equal rows with solid colour is far quicker than
    /// stretching a column over a whole window, and gives the same bytes.
    func backgroundRows(height: Int) -> [UInt32] {
        if backgroundRows.height == height { return backgroundRows.colors }
        let pattern = column(ColumnKey(fill: .background, height: max(height, 1)))
        var surface: OpaquePointer?
        cairo_pattern_get_surface(pattern, &surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let colors = (0..<height).map { UnsafeRawPointer(data).load(fromByteOffset: $0 * stride, as: UInt32.self) }
        backgroundRows = (height, colors)
        return colors
    }

    private func column(_ key: ColumnKey) -> OpaquePointer {
        if let pattern = columns[key] { return pattern }
        if columns.count >= 64 {
            for pattern in columns.values { cairo_pattern_destroy(pattern) }
            columns.removeAll()
        }
        let gradient: Gradient
        switch key.fill {
        case .background: gradient = theme.background
        case .key: gradient = theme.key
        case .keyPressed: gradient = theme.keyPressed
        case .functionKey: gradient = theme.functionKey
        case .global: gradient = theme.global
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, Int32(key.height))!
        precondition(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "cannot allocate a gradient column")
        let cr = cairo_create(surface)!
        let linear = cairo_pattern_create_linear(0, 0, 0, Double(key.height))!
        for (offset, c) in [(0.0, gradient.top), (1.0, gradient.bottom)] {
            cairo_pattern_add_color_stop_rgba(linear, offset, c.red, c.green, c.blue, c.alpha)
        }
        cairo_set_source(cr, linear)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_pattern_destroy(linear)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let pattern = cairo_pattern_create_for_surface(surface)!
        cairo_surface_destroy(surface)  // the pattern holds its own reference
        // PAD stretches the one column across any width; NEAREST copies its pixels exactly.
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        columns[key] = pattern
        return pattern
    }
}
