import CWaylandHost
import ClavierCore

/// Why there is no Wayland keyboard to be had.
public struct WaylandError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What the compositor said, in order: the keyboard surface's events as the X window's are
/// (`WindowEvent`), and what input-method-v2 says of the focused field.
public enum WaylandEvent: Equatable {
    case window(WindowEvent)
    /// A text field took the focus, changed (its text or kind), or lost it (`WaylandField`).
    case fieldActivated, fieldChanged, fieldDeactivated
    /// Outputs came, went or changed: the surface is placed again.
    case outputsChanged
    /// The compositor closed the surface (its output went).
    case surfaceClosed
    /// Another input method holds the seat: no field is told from now on.
    case inputMethodUnavailable
    /// The show button was tapped.
    case buttonTapped
    /// The pointer's middle or right button (2, 3, as X numbers them) went down or up on the
    /// keyboard: a switch when scanning takes it (`PointerSwitches`).
    case otherButton(Int, down: Bool)
}

/// One output as the keyboard docks on it: logical size, physical size (0: unknown), scale.
public struct WaylandOutput: Equatable, Sendable {
    public var name: String
    public var size: Size
    public var millimetres: Size
    public var scale: Int
}

/// The connection to a Wayland compositor (CWaylandHost does the protocol work in C): what
/// it offers, the keyboard's layer surface and its buffers, and the events queued for the loop.
public final class WaylandConnection {
    let raw: OpaquePointer

    /// Connects to `name` (nil: $WAYLAND_DISPLAY).
    public init(name: String? = nil) throws(WaylandError) {
        var why = [CChar](repeating: 0, count: 256)
        guard let raw = clv_wl_connect(name, &why, why.count) else {
            throw WaylandError(String(cBuffer: why))
        }
        self.raw = raw
    }

    deinit { clv_wl_disconnect(raw) }

    public var hasLayerShell: Bool { clv_wl_has_layer_shell(raw) != 0 }
    public var hasVirtualKeyboard: Bool { clv_wl_has_virtual_keyboard(raw) != 0 }
    public var hasInputMethod: Bool { clv_wl_has_input_method(raw) != 0 }

    /// Flushes what was sent and gives the descriptor to poll; nil once the connection is gone.
    public func prepare() -> Int32? {
        let fd = clv_wl_prepare(raw)
        return fd < 0 ? nil : fd
    }

    /// Lets go of the keyboard surface's idle buffers but the one on screen (before waiting).
    public func trimBuffers() { clv_wl_trim(raw) }

    /// Copies what is on screen (the buffer last committed) into `pixels`, rows `stride`
    /// bytes apart, when it is `size`; false when it is not there or not that size.
    public func copyShown(into pixels: UnsafeMutableRawPointer, stride: Int, size: Size) -> Bool {
        var width: Int32 = 0, height: Int32 = 0, shownStride: Int32 = 0
        guard let shown = clv_wl_shown_pixels(raw, &width, &height, &shownStride),
              Int(width) == size.width, Int(height) >= size.height else { return false }
        let from = UnsafeRawPointer(shown), rowBytes = size.width * 4
        let top = Int(height) - size.height  // Below a floating keyboard's handle strip.
        for y in 0..<size.height {
            (pixels + y * stride).copyMemory(from: from + (top + y) * Int(shownStride), byteCount: rowBytes)
        }
        return true
    }

    /// Reads (when poll said the descriptor is `readable`) and dispatches; false when the
    /// connection is gone.
    public func dispatch(readable: Bool) -> Bool { clv_wl_dispatch(raw, readable ? 1 : 0) == 0 }

    /// Waits until the compositor handled everything sent so far (and its answers are queued).
    @discardableResult public func roundtrip() -> Bool { clv_wl_roundtrip(raw) == 0 }

    /// The events queued since the last call.
    public func events() -> [WaylandEvent] {
        var events: [WaylandEvent] = []
        var event = clv_wl_event()
        while clv_wl_next_event(raw, &event) != 0 {
            let point = Point(x: event.x, y: event.y)
            switch Int(event.kind) {
            case Int(CLV_WL_PRESS.rawValue): events.append(.window(.pointer(.press(point, pointer: Int(event.pointer)))))
            case Int(CLV_WL_RELEASE.rawValue): events.append(.window(.pointer(.release(point, pointer: Int(event.pointer)))))
            case Int(CLV_WL_MOTION.rawValue): events.append(.window(.pointer(.motion(point, pointer: Int(event.pointer)))))
            case Int(CLV_WL_LOST.rawValue): events.append(.window(.pointerLost(pointer: Int(event.pointer))))
            case Int(CLV_WL_HOVER.rawValue): events.append(.window(.hover(point)))
            case Int(CLV_WL_LEAVE.rawValue): events.append(.window(.hover(nil)))
            case Int(CLV_WL_CONFIGURE.rawValue):
                events.append(.window(.resized(Size(width: Int(event.width), height: Int(event.height)))))
            case Int(CLV_WL_CLOSED.rawValue): events.append(.surfaceClosed)
            case Int(CLV_WL_OUTPUTS.rawValue): events.append(.outputsChanged)
            case Int(CLV_WL_FIELD_ACTIVE.rawValue): events.append(.fieldActivated)
            case Int(CLV_WL_FIELD_INACTIVE.rawValue): events.append(.fieldDeactivated)
            case Int(CLV_WL_FIELD_CHANGED.rawValue): events.append(.fieldChanged)
            case Int(CLV_WL_IM_UNAVAILABLE.rawValue): events.append(.inputMethodUnavailable)
            case Int(CLV_WL_BUTTON_TAP.rawValue): events.append(.buttonTapped)
            case Int(CLV_WL_OTHER_DOWN.rawValue): events.append(.otherButton(Int(event.pointer), down: true))
            case Int(CLV_WL_OTHER_UP.rawValue): events.append(.otherButton(Int(event.pointer), down: false))
            default: break
            }
        }
        return events
    }

    /// What a finger does, handed to the touch listener as the compositor would hand it
    /// (headless compositors have no touch device: the tests feed these).
    public enum Finger { case down, motion, up, cancel }

    public func feedTouch(_ finger: Finger, id: Int32, at point: Point) {
        let kind: Int32 = switch finger {
        case .down: Int32(CLV_WL_PRESS.rawValue)
        case .motion: Int32(CLV_WL_MOTION.rawValue)
        case .up: Int32(CLV_WL_RELEASE.rawValue)
        case .cancel: -1
        }
        clv_wl_feed_touch(raw, kind, id, point.x, point.y)
    }

    /// The output named (nil or unknown: the first one).
    public func output(named name: String?) -> WaylandOutput? {
        var width: Int32 = 0, height: Int32 = 0, mmWidth: Int32 = 0, mmHeight: Int32 = 0, scale: Int32 = 1
        var found = [CChar](repeating: 0, count: 64)
        guard clv_wl_output(raw, name, &width, &height, &mmWidth, &mmHeight, &scale, &found, found.count) != 0 else { return nil }
        return WaylandOutput(name: String(cBuffer: found), size: Size(width: Int(width), height: Int(height)),
                             millimetres: Size(width: Int(mmWidth), height: Int(mmHeight)), scale: Int(scale))
    }
}
