import CX11
import ClavierCore

/// The presses held on the window and the devices behind them. Another client can take a
/// held pointer without a word to us: `XIGrabDevice` on the slave device that holds the
/// button floats it off its master, and its release then goes to that client (no crossing,
/// no hierarchy event; the master still says the button is down). The window remembers
/// each press's slave device and asks the server, while presses are held, whether it is
/// still attached; one that is not ends its press (`.pointerLost`). Core events (an older
/// server) name no device: only a grab's crossing ends their press.
extension KeyboardWindow {
    /// Whether any pointer holds a press on the window (XI2 only): `lostPointers()` is worth asking.
    public var holdsPresses: Bool { !holders.isEmpty }

    /// When `lostPointers` should be asked next, so that a held key with no timer of its own
    /// is looked after too; nil: nothing held.
    public var nextHoldersCheck: ContinuousClock.Instant? { holders.isEmpty ? nil : holdersChecked + .milliseconds(250) }

    /// Keeps the slave device behind a press, and forgets it at the release.
    func follow(_ event: WindowEvent, cookie: XGenericEventCookie) {
        switch (event, cookie.evtype) {
        case (.pointer(.press(_, let pointer)), XI_ButtonPress), (.pointer(.press(_, let pointer)), XI_TouchBegin):
            if holders.isEmpty { holdersChecked = .now }
            holders[pointer] = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee.sourceid
        case (.pointer(.release(_, let pointer)), _), (.pointerLost(let pointer), _):
            holders[pointer] = nil
        default:
            break
        }
    }

    /// The held presses whose slave device is no longer attached to a master, nor enabled,
    /// nor there at all (floated by another client's grab, unplugged): each a `.pointerLost`,
    /// forgotten here. Presses the keyboard no longer holds (`holding`: ended by a hide, an
    /// unmap) are forgotten first. One round trip (`XIQueryDevice`), only while presses are held.
    public func lostPointers(holding: Set<Int>) -> [WindowEvent] {
        holders = holders.filter { holding.contains($0.key) }
        holdersChecked = .now
        guard !holders.isEmpty else { return [] }
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display.raw, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(devices) }
        let attached = Set((0..<Int(count)).map { devices[$0] }
            .filter { ($0.use == XISlavePointer || $0.use == XISlaveKeyboard) && $0.enabled != 0 }.map(\.deviceid))
        let lost = holders.filter { !attached.contains($0.value) }.keys.sorted()
        for pointer in lost { holders[pointer] = nil }
        return lost.map { .pointerLost(pointer: $0) }
    }
}
