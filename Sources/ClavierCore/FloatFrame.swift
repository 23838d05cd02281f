/// The frame of a floating keyboard: a handle strip along the top to drag it by, a resize
/// grip in the bottom-right corner, and the keys in the rest; sizes in pixels.
public struct FloatFrame: Hashable, Sendable {
    /// The handle strip: tall enough to grab with a mouse or a finger, slim beside a key row.
    public static let handleHeight = 18
    /// The square in the bottom-right corner that resizes instead of typing.
    public static let gripSize = 18
    /// A floating keyboard never gets smaller than this, so its keys stay hittable.
    public static let minimumSize = Size(width: 240, height: 120)
    /// How much of the handle stays on screen when a remembered window no longer fits.
    static let visibleHandle = 48

    /// What lies under a point of the window.
    public enum Part: Hashable, Sendable {
        case handle, resizeGrip, keys
    }

    /// The whole window's size.
    public var size: Size
    /// The handle's height, the grip's side and the smallest size are at 96 dpi times this.
    public var scale: DisplayScale

    public init(size: Size, scale: DisplayScale = DisplayScale(factor: 1)) {
        self.size = size
        self.scale = scale
    }

    /// The handle strip's height on this display.
    public var handleHeight: Int { scale.pixels(Self.handleHeight) }
    /// The resize grip's side on this display.
    public var gripSize: Int { scale.pixels(Self.gripSize) }
    /// The smallest window on this display.
    public var minimumSize: Size { Self.minimumSize(scale) }

    static func minimumSize(_ scale: DisplayScale) -> Size {
        Size(width: scale.pixels(minimumSize.width), height: scale.pixels(minimumSize.height))
    }

    /// The keys' area in window coordinates: everything below the handle.
    public var keysArea: Rect {
        Rect(x: 0, y: handleHeight, width: size.width, height: max(1, size.height - handleHeight))
    }

    /// The resize grip in the keys' own coordinates (origin at the top left of `keysArea`).
    public var gripInKeys: Rect {
        let keys = keysArea
        return Rect(x: keys.width - gripSize, y: keys.height - gripSize, width: gripSize, height: gripSize)
    }

    /// The part of the frame under `point` (window coordinates).
    public func part(at point: Point) -> Part {
        if point.y < Double(handleHeight) { return .handle }
        if point.x >= Double(size.width - gripSize) && point.y >= Double(size.height - gripSize) { return .resizeGrip }
        return .keys
    }

    /// Where a window that was at `start` goes when the pointer has moved by (`dx`, `dy`)
    /// since a press on `part`: the handle moves it, the grip resizes it (never below
    /// the minimum size for `scale`).
    public static func dragged(_ start: Rect, part: Part, dx: Int, dy: Int,
                               scale: DisplayScale = DisplayScale(factor: 1)) -> Rect {
        let minimumSize = minimumSize(scale)
        switch part {
        case .handle:
            return Rect(x: start.x + dx, y: start.y + dy, width: start.width, height: start.height)
        case .resizeGrip:
            return Rect(x: start.x, y: start.y, width: max(minimumSize.width, start.width + dx),
                        height: max(minimumSize.height, start.height + dy))
        case .keys:
            return start
        }
    }

    /// The first floating placement on a monitor: two thirds of its width (at most 1000 px),
    /// keys about as tall as a third of that width, centred near its bottom.
    public static func defaultRect(monitor: Rect, scale: DisplayScale = DisplayScale(factor: 1)) -> Rect {
        let minimumSize = minimumSize(scale), handleHeight = scale.pixels(handleHeight)
        let width = max(minimumSize.width, min(monitor.width * 2 / 3, 1000))
        let height = max(minimumSize.height, min(width * 3 / 10 + handleHeight, monitor.height / 2))
        let margin = monitor.height / 20
        return Rect(x: monitor.x + (monitor.width - width) / 2, y: monitor.maxY - height - margin,
                    width: width, height: height)
    }

    /// `rect` made to fit a screen of `screen` pixels: no larger than the screen, no smaller
    /// than `minimumSize`, and with part of its handle on screen so it can be dragged back.
    public static func clamped(_ rect: Rect, to screen: Size, scale: DisplayScale = DisplayScale(factor: 1)) -> Rect {
        let minimumSize = minimumSize(scale), handleHeight = scale.pixels(handleHeight), visibleHandle = scale.pixels(visibleHandle)
        let width = min(max(rect.width, minimumSize.width), max(screen.width, minimumSize.width))
        let height = min(max(rect.height, minimumSize.height), max(screen.height, minimumSize.height))
        let grab = min(visibleHandle, width)
        let x = min(max(rect.x, grab - width), screen.width - grab)
        let y = min(max(rect.y, 0), screen.height - handleHeight)
        return Rect(x: x, y: y, width: width, height: height)
    }
}
