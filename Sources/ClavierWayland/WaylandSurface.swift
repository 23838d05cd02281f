import CWaylandHost
import ClavierCore

/// Where the keyboard's layer surface goes: docked at an edge of an output with its height
/// reserved (an exclusive zone, full width) on `layer` (`overlay`: above fullscreen windows),
/// or floating on the overlay layer.
public enum WaylandPlacement: Equatable, Sendable {
    case docked(DockEdge, height: Int, layer: SurfaceLayer = .top)
    case floating(Rect)
}

/// The keyboard's layer surface on `WaylandConnection`: made, taken down, its pixels put up.
extension WaylandConnection {
    /// Makes the surface on `output` (nil: the first) as `placement` says (logical pixels) and
    /// waits for its size; nil when the compositor would not have it. The size is in buffer pixels.
    public func makeSurface(on output: String?, _ placement: WaylandPlacement) -> Size? {
        let made: Int32
        switch placement {
        case .docked(let edge, let height, let layer):
            made = clv_wl_surface_create(raw, output, Int32(edge == .top ? CLV_WL_DOCK_TOP.rawValue : CLV_WL_DOCK_BOTTOM.rawValue),
                                         layer == .overlay ? 1 : 0, 0, 0, 0, Int32(height))
        case .floating(let rect):
            made = clv_wl_surface_create(raw, output, Int32(CLV_WL_FLOAT.rawValue), 1, Int32(rect.x), Int32(rect.y),
                                         Int32(rect.width), Int32(rect.height))
        }
        guard made != 0 else { return nil }
        return surfaceSize
    }

    /// The surface's size in buffer pixels (zero without a surface).
    public var surfaceSize: Size {
        return Size(width: Int(clv_wl_surface_width(raw)), height: Int(clv_wl_surface_height(raw)))
    }

    /// Buffer pixels per logical pixel.
    public var scale: Int { Int(clv_wl_scale(raw)) }

    public func destroySurface() { clv_wl_surface_destroy(raw) }


    /// Pixels to put up: `size` pixels, x8r8g8b8 rows of `stride` bytes, from row `top` of the surface.
    public struct Block {
        public var pixels: UnsafeRawPointer
        public var stride: Int
        public var size: Size
        public var top: Int
        public init(pixels: UnsafeRawPointer, stride: Int, size: Size, top: Int = 0) {
            self.pixels = pixels
            self.stride = stride
            self.size = size
            self.top = top
        }
    }

    /// Copies `blocks` into a buffer the compositor does not hold and commits it with `damage`
    /// (buffer pixels; empty: all). Only what the buffer lacks is copied: `damage` and what the
    /// frames since its last one changed (a whole 1280×330 copy was 18% of a press's time). False
    /// when a block does not fit the surface's size (a new size is on its way) or no buffer can be had.
    @discardableResult
    public func present(_ blocks: [Block], damage: [Rect]) -> Bool {
        var width: Int32 = 0, height: Int32 = 0, bufferStride: Int32 = 0
        guard let buffer = clv_wl_buffer(raw, &width, &height, &bufferStride) else { return false }
        let target = UnsafeMutableRawPointer(buffer), stride = Int(bufferStride)
        guard blocks.allSatisfy({ $0.size.width == Int(width) && $0.top >= 0 && $0.top + $0.size.height <= Int(height) }) else {
            return false
        }
        var stale: UnsafePointer<Int32>?
        let staleCount = Int(clv_wl_buffer_stale(raw, &stale))
        var copies: [Rect]? = nil
        if !damage.isEmpty, staleCount >= 0, let stale {
            copies = damage + (0..<staleCount).map {
                Rect(x: Int(stale[4 * $0]), y: Int(stale[4 * $0 + 1]), width: Int(stale[4 * $0 + 2]), height: Int(stale[4 * $0 + 3]))
            }
        }
        for block in blocks {
            let area = Rect(x: 0, y: block.top, width: block.size.width, height: block.size.height)
            for rect in copies ?? [area] {
                // The rectangle's part on the block, in the surface's rows.
                let x0 = max(rect.x, 0), x1 = min(rect.x + rect.width, area.width)
                let y0 = max(rect.y, area.y), y1 = min(rect.y + rect.height, area.y + area.height)
                guard x0 < x1, y0 < y1 else { continue }
                let bytes = (x1 - x0) * 4
                for y in y0..<y1 {
                    (target + y * stride + x0 * 4).copyMemory(from: block.pixels + (y - block.top) * block.stride + x0 * 4,
                                                             byteCount: min(bytes, block.stride - x0 * 4))
                }
            }
        }
        let rects = damage.flatMap { [Int32($0.x), Int32($0.y), Int32($0.width), Int32($0.height)] }
        clv_wl_present(raw, rects, Int32(damage.count))
        return true
    }
}

/// The key preview above a held key (a subsurface of the keyboard's) and the show button (a
/// layer surface of its own at the output's bottom right while the keyboard is hidden).
extension WaylandConnection {
    /// Shows `size` pixels at `origin` of the keyboard's surface (buffer pixels; a negative y
    /// is above the keyboard).
    public func showPreview(at origin: (x: Int, y: Int), pixels: UnsafeRawPointer, stride: Int, size: Size) {
        _ = clv_wl_popup_show(raw, Int32(origin.x), Int32(origin.y), Int32(size.width), Int32(size.height),
                              pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))
    }

    public func hidePreview() { clv_wl_popup_hide(raw) }

    /// Shows the button, `side` logical pixels square, `margin` from the bottom right corner of
    /// `output`, with pixels of `side` × the output's scale square.
    public func showButton(on output: String?, side: Int, margin: Int, pixels: UnsafeRawPointer, stride: Int) {
        _ = clv_wl_button_show(raw, output, Int32(side), Int32(margin), pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))
    }

    public func hideButton() { clv_wl_button_hide(raw) }
    public var buttonShown: Bool { clv_wl_button_shown(raw) != 0 }
}
