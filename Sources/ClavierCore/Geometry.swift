/// A point in window coordinates, in pixels, y downwards.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A size in pixels.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `WxH`, as `--size` takes it.
    public init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        self.init(width: w, height: h)
    }
}

/// An axis-aligned rectangle in whole pixels.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var midX: Double { Double(x) + Double(width) / 2 }
    public var midY: Double { Double(y) + Double(height) / 2 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// Whether `p` lies inside (left and top edges inclusive).
    public func contains(_ p: Point) -> Bool {
        p.x >= Double(x) && p.x < Double(maxX) && p.y >= Double(y) && p.y < Double(maxY)
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle grown by `d` pixels on every side.
    public func outset(by d: Int) -> Rect {
        Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }
}

/// One key placed in a window.
public struct KeyFrame: Hashable, Sendable {
    public var key: Key
    public var rect: Rect
}

/// The proportions that turn a page into pixels; every figure is relative, so a page
/// fills any window the way the system keyboard fills its own (seed 002: sized in
/// proportion to the keyboard, never in fixed pixels).
public struct LayoutMetrics: Hashable, Sendable {
    /// The vertical gap between rows, as a fraction of one row's pitch (iOS: 12 of 54 pt).
    public var rowGap: Double = 0.2
    /// The horizontal gap between keys, as a fraction of one unit's pitch (iOS: 6 of 32 pt) …
    public var keyGap: Double = 0.1875
    /// … but never more than this fraction of the row pitch, so wide windows keep tight gaps.
    public var maxKeyGapOfRowPitch: Double = 0.15
    public init() {}
    public static let standard = LayoutMetrics()
}

/// The frames of every key of a page at one window size, and hit-testing against them.
public struct PageGeometry: Hashable, Sendable {
    public let size: Size
    public let frames: [KeyFrame]
    /// Height of a key in pixels, from which drawing scales corner radii and fonts.
    public let keyHeight: Int
    /// px: the horizontal gap between neighbouring keys and the vertical gap between rows.
    public let keyGap: Int, rowGap: Int
    /// px: the width of a one-unit key (a letter's), unrounded: what a drag on the space bar
    /// measures its steps in (Keyboard+SpaceCursor.swift).
    public let unitKeyWidth: Double

    /// Lays `page` out to fill `size`, below the top `top` px (an accessory bar's strip).
    public init(page: Page, size: Size, top: Int = 0, metrics: LayoutMetrics = .standard) {
        self.size = size
        let rowCount = max(page.rows.count, 1)
        let widestUnits = page.rows.map { $0.units }.max() ?? 1
        let rowPitch = Double(size.height - top) / Double(rowCount)
        let unitPitch = Double(size.width) / widestUnits
        let hGap = min(unitPitch * metrics.keyGap, rowPitch * metrics.maxKeyGapOfRowPitch)
        let vGap = rowPitch * metrics.rowGap
        var frames: [KeyFrame] = []
        for (r, row) in page.rows.enumerated() {
            let rowTop = (Double(top) + Double(r) * rowPitch + vGap / 2).rounded()
            let bottom = (Double(top) + Double(r + 1) * rowPitch - vGap / 2).rounded()
            // Narrower rows are centred, like the system keyboard's a…l row.
            var left = (Double(size.width) - row.units * unitPitch) / 2
            for key in row.keys {
                let right = left + key.layoutWidth * unitPitch
                // A gap takes its room and has no frame: nothing paints, hits or lists it.
                if key.keyClass == .gap {
                    left = right
                    continue
                }
                // A key narrower than the gap between keys keeps no room: 0 px, never negative.
                let x0 = (left + hGap / 2).rounded(), x1 = (right - hGap / 2).rounded()
                frames.append(KeyFrame(key: key, rect: Rect(x: Int(x0), y: Int(rowTop),
                                                           width: max(0, Int(x1 - x0)), height: Int(bottom - rowTop))))
                left = right
            }
        }
        self.frames = frames
        self.keyHeight = Int((rowPitch - vGap).rounded())
        keyGap = Int(hGap.rounded())
        unitKeyWidth = max(unitPitch - hGap, 1)
        rowGap = Int(vGap.rounded())
    }

    /// Where a long press on the key in `frame` shows `count` alternates: a row of cells the
    /// size of the key, one row gap above it (over an accessory bar if need be), starting over
    /// the key and running right (left when the window ends first). A key in the top row with
    /// no bar has no room above inside the window, so its row goes one gap below it instead;
    /// cells narrow when the window is too narrow. `rightToLeft`: the first cell is over the
    /// key and the others run left (right when the window ends first), as the script reads.
    public func alternateCells(above frame: KeyFrame, count: Int, rightToLeft: Bool = false) -> [Rect] {
        guard count > 0 else { return [] }
        let r = frame.rect
        let width = min(r.width, max(1, (size.width - keyGap * (count - 1)) / count))
        let total = count * width + (count - 1) * keyGap
        let start = rightToLeft ? r.maxX - total : r.x
        let left = max(0, min(start, size.width - total))
        // Clamped to the window's top edge, the row may cover an accessory bar, never the key.
        let above = max(0, r.y - rowGap - r.height)
        let top = above + r.height <= r.y ? above : r.maxY + rowGap
        return (0..<count).map { i in
            Rect(x: left + (rightToLeft ? count - 1 - i : i) * (width + keyGap), y: top, width: width, height: r.height)
        }
    }

    /// The key under `point`; a point in a gap or margin goes to the nearest key, so no
    /// press on the keyboard is ever lost.
    public func key(at point: Point) -> Key? {
        index(at: point).map { frames[$0].key }
    }

    /// The frame under or nearest to `point`: the nearest row first, then the nearest key
    /// in it, so a press beside the centred a…l row goes to a or l, not to the row below.
    public func frame(at point: Point) -> KeyFrame? {
        index(at: point).map { frames[$0] }
    }

    /// The index in `frames` of the frame under or nearest to `point`. It reads only the
    /// rectangles: copying each frame's key (strings, alternates) on every press cost more
    /// than the search itself.
    private func index(at point: Point) -> Int? {
        var bestRow = Int.min
        var bestRowDistance = Double.infinity
        for i in frames.indices {
            let r = frames[i].rect
            let d = max(Double(r.y) - point.y, 0, point.y - Double(r.maxY))
            if d < bestRowDistance {
                bestRowDistance = d
                bestRow = r.y
            }
        }
        var best: Int?
        var bestDistance = Double.infinity
        for i in frames.indices where frames[i].rect.y == bestRow {
            let r = frames[i].rect
            let d = max(Double(r.x) - point.x, 0, point.x - Double(r.maxX))
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return best
    }

    /// The frame of the key with this id.
    public func frame(id: Key.ID) -> KeyFrame? { frames.firstIndex { $0.key.id == id }.map { frames[$0] } }
}
