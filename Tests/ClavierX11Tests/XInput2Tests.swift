import CX11
import ClavierCore
import Testing
@testable import ClavierX11

/// Xvfb has no touch device and this machine no uinput, so touches cannot be injected: these
/// build real `XIDeviceEvent` values and pass them through the function the event loop calls
/// for every XI2 event it reads.
@Suite struct XInput2Tests {
    /// An XI2 device event as the server sends it on the keyboard window.
    func event(_ type: Int32, detail: Int32, x: Double, y: Double, device: Int32 = 2, flags: Int32 = 0,
               buttons: [UInt8] = []) -> (XIDeviceEvent, [UInt8]) {
        var e = XIDeviceEvent()
        e.type = GenericEvent
        e.evtype = type
        e.deviceid = device
        e.sourceid = 11
        e.detail = detail
        e.event_x = x
        e.event_y = y
        e.flags = flags
        return (e, buttons)
    }

    func translate(_ made: (XIDeviceEvent, [UInt8])) -> WindowEvent? {
        var (e, buttons) = made
        return buttons.withUnsafeMutableBufferPointer { mask in
            e.buttons = XIButtonState(mask_len: Int32(mask.count), mask: mask.baseAddress)
            return XInput2.windowEvent(e)
        }
    }

    @Test func eachTouchIsAPointerOfItsOwn() {
        let first = translate(event(XI_TouchBegin, detail: 7, x: 10.5, y: 20))
        let second = translate(event(XI_TouchBegin, detail: 8, x: 300, y: 20))
        guard case .pointer(.press(let p1, let id1))? = first, case .pointer(.press(let p2, let id2))? = second else {
            Issue.record("touch begins are presses: \(String(describing: first)), \(String(describing: second))")
            return
        }
        #expect(p1 == Point(x: 10.5, y: 20) && p2 == Point(x: 300, y: 20))
        #expect(id1 != id2 && id1 != 0 && id2 != 0, "two fingers, two pointers, neither the mouse's")
        #expect(translate(event(XI_TouchUpdate, detail: 7, x: 12, y: 21)) == .pointer(.motion(Point(x: 12, y: 21), pointer: id1)))
        #expect(translate(event(XI_TouchEnd, detail: 8, x: 301, y: 22)) == .pointer(.release(Point(x: 301, y: 22), pointer: id2)))
        #expect(translate(event(XI_TouchBegin, detail: 7, x: 0, y: 0, device: 3)) != first, "the same touch number on another device")
    }

    @Test func buttonsAreTheMousesPointerAndTheWheelIsNot() {
        #expect(translate(event(XI_ButtonPress, detail: 1, x: 5, y: 6)) == .pointer(.press(Point(x: 5, y: 6))))
        #expect(translate(event(XI_ButtonRelease, detail: 3, x: 5, y: 6)) == .pointer(.release(Point(x: 5, y: 6))))
        #expect(translate(event(XI_ButtonPress, detail: 4, x: 5, y: 6)) == nil, "wheel up")
        #expect(translate(event(XI_ButtonPress, detail: 5, x: 5, y: 6)) == nil, "wheel down")
    }

    @Test func motionCountsOnlyWithAButtonDown() {
        #expect(translate(event(XI_Motion, detail: 0, x: 1, y: 2)) == nil, "no button state")
        #expect(translate(event(XI_Motion, detail: 0, x: 1, y: 2, buttons: [0])) == nil, "nothing held: passing over")
        #expect(translate(event(XI_Motion, detail: 0, x: 1, y: 2, buttons: [0b10])) == .pointer(.motion(Point(x: 1, y: 2))))
        #expect(translate(event(XI_Motion, detail: 0, x: 1, y: 2, buttons: [0b1000])) == .pointer(.motion(Point(x: 1, y: 2))))
    }

    @Test func pointerEventsEmulatedFromATouchAreDropped() {
        let emulated = Int32(XIPointerEmulated)
        #expect(translate(event(XI_ButtonPress, detail: 1, x: 5, y: 6, flags: emulated)) == nil)
        #expect(translate(event(XI_ButtonRelease, detail: 1, x: 5, y: 6, flags: emulated)) == nil)
        #expect(translate(event(XI_Motion, detail: 0, x: 5, y: 6, flags: emulated, buttons: [0b10])) == nil)
    }

    @Test func otherXI2EventsMeanNothing() {
        for type in [XI_Enter, XI_Leave, XI_FocusIn, XI_KeyPress, XI_RawMotion, XI_TouchOwnership] {
            #expect(translate(event(type, detail: 1, x: 0, y: 0)) == nil)
        }
    }

    func crossing(mode: Int32, leaving: Bool, hover: Bool) -> WindowEvent? {
        var e = XIEnterEvent()
        e.type = GenericEvent
        e.evtype = leaving ? XI_Leave : XI_Enter
        e.deviceid = 2
        e.mode = mode
        e.event_x = 40
        e.event_y = 50
        return XInput2.crossing(e, leaving: leaving, hover: hover)
    }

    /// Issue 23, item 1: another client's active grab takes the pointer (XI_Leave in
    /// XINotifyGrab mode): the mouse's press is lost, with or without dwell; other crossings
    /// are hovers with dwell and nothing without.
    @Test func leavingForAnotherClientsGrabLosesTheMousesPress() {
        for hover in [false, true] {
            #expect(crossing(mode: XINotifyGrab, leaving: true, hover: hover) == .pointerLost(pointer: 0))
            #expect(crossing(mode: XINotifyGrab, leaving: false, hover: hover) == nil, "the grab's own window is not ours")
            #expect(crossing(mode: XINotifyUngrab, leaving: true, hover: hover) == nil, "a grab's end loses nothing")
        }
        #expect(crossing(mode: XINotifyNormal, leaving: true, hover: false) == nil)
        #expect(crossing(mode: XINotifyNormal, leaving: true, hover: true) == .hover(nil))
        #expect(crossing(mode: XINotifyNormal, leaving: false, hover: true) == .hover(Point(x: 40, y: 50)))
    }
}
