/// Which edge of its monitor the docked keyboard spans.
public enum DockEdge: String, Hashable, Sendable, CaseIterable {
    case top, bottom
}

/// How tall the docked keyboard is: from a physical key size (the default), in pixels, or a
/// share of the monitor's height (`--height 300`, `--height 35%`).
public enum DockHeight: Hashable, Sendable {
    /// Rows of keys `rowPitch` tall on the monitor's physical size.
    case physical
    case pixels(Int)
    /// Percent of the monitor's height, 0 < p ≤ 100.
    case percent(Double)

    /// One row of keys on a docked keyboard: a key ~13 mm tall plus its gap, about a
    /// tablet keyboard's row (a physical keyboard's is 19 mm). At 12 mm the full-width
    /// keys came out more than twice as wide as tall, which looked squashed next to the
    /// system keyboard's proportions.
    public static let rowPitchMillimetres = 16.0
    /// The docked keyboard never takes less, or more, of its monitor's height than this.
    public static let minimumShare = 0.15
    public static let maximumShare = 0.5
    /// Below or above this many pixels per millimetre a monitor's size is not believed (a
    /// missing or made-up EDID), and the proportional default is used instead.
    static let plausibleDensity = 1.5...20.0

    /// Parses `300`, `300px` or `35%`; nil for anything else.
    public init?(parsing text: String) {
        if text.hasSuffix("%") {
            guard let p = Double(text.dropLast()), p > 0, p <= 100 else { return nil }
            self = .percent(p)
        } else {
            let digits = text.hasSuffix("px") ? String(text.dropLast(2)) : text
            guard let px = Int(digits), px > 0 else { return nil }
            self = .pixels(px)
        }
    }

    /// The height in pixels on a monitor of `size` pixels and `millimetres` (zero when
    /// unknown), for a layout with `rows` rows `rowPitch` mm apart; explicit sizes are capped
    /// at the monitor.
    public func pixels(monitor size: Size, millimetres: Size, rows: Int, rowPitch: Double = rowPitchMillimetres) -> Int {
        switch self {
        case .pixels(let px):
            return max(1, min(px, size.height))
        case .percent(let p):
            return max(1, Int((Double(size.height) * p / 100).rounded()))
        case .physical:
            guard let density = KeySize.density(monitor: size, millimetres: millimetres) else {
                return Size.dockedHeight(screen: size)
            }
            let wanted = Double(max(rows, 1)) * rowPitch * density
            let low = Double(size.height) * Self.minimumShare, high = Double(size.height) * Self.maximumShare
            return Int(min(max(wanted, low), high).rounded())
        }
    }
}
