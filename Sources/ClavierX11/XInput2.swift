import CX11
import ClavierCore

/// XInput 2.2 on the keyboard window: every finger on a touch screen is a pointer of its own,
/// where the core protocol sees only the first finger (pointer emulation) and loses a second
/// thumb that lands before the first lifts. Buttons come through XI2 too, so the mouse and
/// touches arrive as one stream, and emulated pointer events are told apart and dropped.
public enum XInput2 {
    /// The X Input extension's major opcode when the server speaks XI 2.2 or later (touch
    /// events) and has the Generic Event extension that carries them; nil otherwise.
    static func touchOpcode(_ display: Display) -> Int32? {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0, unused: Int32 = 0
        guard XQueryExtension(display.raw, "XInputExtension", &opcode, &event, &error) != 0,
              XQueryExtension(display.raw, "Generic Event Extension", &unused, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display.raw, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else { return nil }
        return opcode
    }

    /// Selects touches, buttons and motion from every master device on `window`. XI2
    /// selections take the place of the core ones of the same kind for this client, so
    /// nothing arrives twice. XI2 has no "motion with a button down" mask, and a selection
    /// made once a button is down does not reach its implicit grab (a drag would see no
    /// motion), so motion is selected always and motion with no button held is dropped at once.
    /// The pointer leaving always (another client's grab taking it); with `hover` (dwell),
    /// its entering too.
    static func select(on window: Window, _ display: Display, hover: Bool = false) {
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for event in [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_Leave]
                     + (hover ? [XI_Enter] : []) {
            bits[Int(event) >> 3] |= 1 << (UInt8(event) & 7)
        }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display.raw, window, &mask, 1)
        }
    }

    /// The reducer's pointer id of a touch: its device and touch number, never 0 (the core
    /// pointer's), so a finger and the mouse are told apart.
    static func pointer(ofTouch event: XIDeviceEvent) -> Int {
        Int(event.deviceid) << 32 | Int(event.detail)
    }

    /// An XI2 event read into `cookie`: a device event as `windowEvent(_:hover:)` says, a
    /// crossing as `crossing(_:leaving:hover:)` says. The event loop calls this for every XI2
    /// event it reads.
    static func windowEvent(cookie: XGenericEventCookie, hover: Bool) -> WindowEvent? {
        switch cookie.evtype {
        case XI_RawButtonPress, XI_RawTouchBegin:
            let raw = cookie.data.assumingMemoryBound(to: XIRawEvent.self).pointee
            // A button press the server made from a touch comes with the touch's own.
            return raw.flags & Int32(XIPointerEmulated) != 0 ? nil : .pressedElsewhere
        case XI_Enter, XI_Leave:
            return crossing(cookie.data.assumingMemoryBound(to: XIEnterEvent.self).pointee, leaving: cookie.evtype == XI_Leave,
                            hover: hover)
        default:
            return windowEvent(cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, hover: hover)
        }
    }

    /// What the pointer entering or leaving the window means: leaving because another
    /// client's grab took it, the loss of the mouse's press (`.pointerLost`: its release
    /// goes to that client now); with `hover`, entering is a hover there and leaving
    /// `.hover(nil)`. The crossings an implicit grab makes as a button goes down or up, and
    /// a grab's end, are neither.
    public static func crossing(_ event: XIEnterEvent, leaving: Bool, hover: Bool) -> WindowEvent? {
        if leaving && event.mode == XINotifyGrab { return .pointerLost(pointer: 0) }
        guard hover, event.mode == XINotifyNormal else { return nil }
        return .hover(leaving ? nil : Point(x: event.event_x, y: event.event_y))
    }

    /// What one XI2 device event on the keyboard window means: a touch's begin, update or
    /// end as the press, motion or release of its own pointer; a button (1–3) or a motion
    /// with one held as the mouse's (pointer 0); with `hover`, a motion with none held as a
    /// hover. Events the server emulated from a touch are nil: the touch itself is handled.
    public static func windowEvent(_ event: XIDeviceEvent, hover: Bool = false) -> WindowEvent? {
        let point = Point(x: event.event_x, y: event.event_y)
        let emulated = event.flags & Int32(XIPointerEmulated) != 0
        switch event.evtype {
        case XI_TouchBegin: return .pointer(.press(point, pointer: pointer(ofTouch: event)))
        case XI_TouchUpdate: return .pointer(.motion(point, pointer: pointer(ofTouch: event)))
        case XI_TouchEnd: return .pointer(.release(point, pointer: pointer(ofTouch: event)))
        case XI_ButtonPress where !emulated && (1...3).contains(event.detail): return .pointer(.press(point))
        case XI_ButtonRelease where !emulated && (1...3).contains(event.detail): return .pointer(.release(point))
        case XI_Motion where !emulated && holdsButton(event.buttons): return .pointer(.motion(point))
        case XI_Motion where !emulated && hover: return .hover(point)
        default: return nil
        }
    }

    /// Whether button 1, 2 or 3 is down in an XI2 button state.
    static func holdsButton(_ state: XIButtonState) -> Bool {
        guard state.mask_len > 0, let mask = state.mask else { return false }
        return mask[0] & 0b1110 != 0
    }
}
