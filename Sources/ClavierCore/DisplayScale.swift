/// How many device pixels each of the keyboard's fixed pixel sizes (a floating keyboard's
/// handle, grip and smallest size) takes, per pixel at 96 dpi: 2 on a 192 dpi screen.
/// Keys and labels need no factor: they are painted at the key's own pixel size (docked
/// keys from the monitor's millimetres), so they stay sharp at any density.
public struct DisplayScale: Hashable, Sendable {
    public var factor: Double

    /// The density at which a factor of 1 is right, in dots per inch (X11's and Xft's default).
    public static let referenceDPI = 96.0
    /// Factors outside this are typing mistakes, not screens.
    public static let range = 0.5...4.0
    /// A factor from a density is rounded to this step, so 100 dpi (Xvfb) stays 1.
    static let step = 0.25

    public init(factor: Double) {
        self.factor = min(max(factor, Self.range.lowerBound), Self.range.upperBound)
    }

    /// The factor: `override` (`--scale`) when given, else the desktop's `Xft.dpi`, else the
    /// monitor's density from its size in `millimetres` when that is believable, else 1.
    public static func detect(override: Double?, xftDPI: Double?, monitor: Size, millimetres: Size) -> DisplayScale {
        if let override { return DisplayScale(factor: override) }
        if let xftDPI, xftDPI > 0 { return DisplayScale(factor: rounded(xftDPI / referenceDPI)) }
        guard millimetres.height > 0 else { return DisplayScale(factor: 1) }
        let perMillimetre = Double(monitor.height) / Double(millimetres.height)
        guard DockHeight.plausibleDensity.contains(perMillimetre) else { return DisplayScale(factor: 1) }
        return DisplayScale(factor: max(1, rounded(perMillimetre * 25.4 / referenceDPI)))
    }

    static func rounded(_ factor: Double) -> Double { (factor / step).rounded() * step }

    /// `Xft.dpi` from the text of the root's `RESOURCE_MANAGER` property (what `xrdb -query`
    /// prints: `Xft.dpi:\t192`); nil when it is not set or not a number.
    public static func xftDPI(inResources text: String) -> Double? {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, trimmed(parts[0]) == "Xft.dpi" else { continue }
            return Double(trimmed(parts[1]))
        }
        return nil
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// `base` pixels at 96 dpi in device pixels.
    public func pixels(_ base: Int) -> Int { max(1, Int((Double(base) * factor).rounded())) }
}
