import CX11

extension KeyboardWindow {
    /// Reports presses anywhere on the screen (XI2 raw button presses and touch begins of
    /// every device, selected on the root: the server sends raw events for slave devices), so the keyboard knows when the user clicks
    /// in an application: the caret may have moved there. A press on the window itself
    /// comes as its own `.pointer(.press)` and is not reported. Needs XInput 2.2
    /// (`followTouches`); without it, nothing is reported.
    public func followPressesElsewhere() {
        guard XInput2.touchOpcode(display) != nil else { return }
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for event in [XI_RawButtonPress, XI_RawTouchBegin] { bits[Int(event) >> 3] |= 1 << (UInt8(event) & 7) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display.raw, display.root, &mask, 1)
        }
    }
}
