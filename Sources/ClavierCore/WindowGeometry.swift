/// An X11 geometry string, `WxH+X+Y` (`-X`/`-Y` count from the right and bottom edges),
/// as `--geometry` takes it; the same syntax as `XParseGeometry`, which Core cannot call.
public struct WindowGeometry: Hashable, Sendable {
    public var size: Size
    public var x: Int
    public var y: Int
    public var fromRight: Bool
    public var fromBottom: Bool

    /// The largest width, height or offset: X11's coordinates are 16-bit, and bounding them
    /// keeps `rect(on:)` from overflowing.
    public static let largest = 32767

    /// Parses `text`, or returns nil when it is not of the form `WxH[+-]X[+-]Y` or `WxH`, or
    /// a figure is past `largest`.
    public init?(parsing text: String) {
        var rest = Substring(text)
        func number() -> Int? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let value = Int(digits), value <= Self.largest else { return nil }
            rest = rest.dropFirst(digits.count)
            return value
        }
        guard let w = number(), rest.first == "x" else { return nil }
        rest = rest.dropFirst()
        guard let h = number(), w > 0, h > 0 else { return nil }
        size = Size(width: w, height: h)
        x = 0
        y = 0
        fromRight = false
        fromBottom = false
        if rest.isEmpty { return }
        guard let sx = rest.first, sx == "+" || sx == "-" else { return nil }
        rest = rest.dropFirst()
        guard let xv = number(), let sy = rest.first, sy == "+" || sy == "-" else { return nil }
        rest = rest.dropFirst()
        guard let yv = number(), rest.isEmpty else { return nil }
        x = xv
        y = yv
        fromRight = sx == "-"
        fromBottom = sy == "-"
    }

    /// The window's rectangle on a screen of `screen` pixels.
    public func rect(on screen: Size) -> Rect {
        Rect(x: fromRight ? screen.width - size.width - x : x,
             y: fromBottom ? screen.height - size.height - y : y,
             width: size.width, height: size.height)
    }
}

extension Size {
    /// The docked keyboard's default height for a screen: the system keyboard's proportion
    /// of a landscape screen (330 px on a 1280 px wide screen), at most 45 % of its height.
    public static func dockedHeight(screen: Size) -> Int {
        let proportional = (Double(screen.width) * 0.258).rounded()
        return Int(min(proportional, Double(screen.height) * 0.45))
    }
}
