/// Keys of a given physical size (`--key-size MM`): the distance from one key to the next,
/// along a row and from row to row, in millimetres of the monitor's physical size.
public enum KeySize {
    /// The key pitch when none is given: the docked keyboard's row pitch (`DockHeight`).
    public static let defaultMillimetres = DockHeight.rowPitchMillimetres
    /// The pitches `--key-size` takes: from a small phone key to keys over twice a physical
    /// keyboard's 19 mm, for a head pointer or a shaky hand.
    public static let range = 8.0...50.0
    /// A layout whose widest row is wider than this many key units floats by default: it
    /// would be stretched flat across a docked strip (the system keyboard has 10 or 11).
    public static let dockedUnits = 14.0

    /// Pixels per millimetre of a monitor of `size` pixels and `millimetres`, when believable
    /// (a missing or made-up EDID gives none).
    public static func density(monitor size: Size, millimetres: Size) -> Double? {
        guard millimetres.height > 0 else { return nil }
        let density = Double(size.height) / Double(millimetres.height)
        return DockHeight.plausibleDensity.contains(density) ? density : nil
    }

    /// A floating window whose keys, `units` wide and `rows` tall, are `pitch` mm apart on
    /// `monitor` (below the handle), no larger than the monitor and no smaller than the
    /// floating minimum, centred near the monitor's bottom; nil when the monitor's size is unknown.
    public static func floatingRect(pitch: Double, units: Double, rows: Double, monitor: Rect,
                                    millimetres: Size, scale: DisplayScale = DisplayScale(factor: 1)) -> Rect? {
        guard let density = density(monitor: Size(width: monitor.width, height: monitor.height), millimetres: millimetres)
        else { return nil }
        let handle = scale.pixels(FloatFrame.handleHeight), minimum = FloatFrame.minimumSize(scale)
        let perKey = pitch * density
        let width = min(max(Int((units * perKey).rounded()), minimum.width), monitor.width)
        let height = min(max(Int((rows * perKey).rounded()) + handle, minimum.height), monitor.height)
        let margin = min(monitor.height / 20, monitor.height - height)
        return Rect(x: monitor.x + (monitor.width - width) / 2, y: monitor.maxY - height - margin,
                    width: width, height: height)
    }
}

extension Layout {
    /// The widest row of any page, in key units.
    public var widestUnits: Double { pages.flatMap { $0.rows.map { $0.units } }.max() ?? 1 }
    /// Whether the layout floats unless told to dock (`KeySize.dockedUnits`).
    public var isWide: Bool { widestUnits > KeySize.dockedUnits }
}
