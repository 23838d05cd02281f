/// What can go wrong while painting: every case names the thing a user can act on.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `cairo_image_surface_create` refused this size (too large, or memory ran out).
    case cannotCreateSurface(width: Int, height: Int, status: String)
    /// `cairo_surface_write_to_png` could not write the file.
    case cannotWritePNG(path: String, status: String)
    /// `cairo_image_surface_create_from_png` could not read the file.
    case cannotReadPNG(path: String, status: String)

    public var description: String {
        switch self {
        case .cannotCreateSurface(let width, let height, let status):
            "cannot create a \(width)x\(height) image surface: \(status)"
        case .cannotWritePNG(let path, let status):
            "cannot write PNG \(path): \(status)"
        case .cannotReadPNG(let path, let status):
            "cannot read PNG \(path): \(status)"
        }
    }
}
