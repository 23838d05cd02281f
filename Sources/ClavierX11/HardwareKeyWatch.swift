import CX11
import ClavierCore

/// Hears key presses from real keyboards (`--hide-on-hardware-keys`, and autocorrection's
/// undo, which a key typed there disarms): XI 2 raw key events on
/// the root window from every device, each with the slave device it came from. A key typed
/// through XTest (Clavier's own keys, xdotool's) comes from an XTest slave device ("Virtual
/// core XTEST keyboard", one per master) and is not counted; any other slave keyboard is a
/// real one (evdev's and libinput's devices, Xvfb's own "Xvfb keyboard").
public final class HardwareKeyWatch {
    private let display: Display
    /// The X Input extension's opcode, which marks its events.
    public let opcode: Int32
    /// The XTest slave devices' ids, asked again whenever devices come and go.
    private var xtestDevices: Set<Int32> = []

    /// Selects raw key presses and device changes on the side connection `display`; nil when
    /// the server lacks XI 2.
    public init?(display: Display) {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major: Int32 = 2, minor: Int32 = 0
        guard XQueryExtension(display.raw, "XInputExtension", &opcode, &event, &error) != 0,
              XIQueryVersion(display.raw, &major, &minor) == Success else { return nil }
        self.display = display
        self.opcode = opcode
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for event in [XI_RawKeyPress, XI_HierarchyChanged] { bits[Int(event) >> 3] |= 1 << (UInt8(event) & 7) }
        bits.withUnsafeMutableBufferPointer { buffer in
            // Raw events are delivered only to the root window, from every device (not only masters).
            var mask = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display.raw, display.root, &mask, 1)
        }
        findXTestDevices()
        display.flush()
    }

    /// Selects nothing more on the root (the settings page turned the watch off): raw key
    /// presses and device changes stop coming to this connection.
    deinit {
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display.raw, display.root, &mask, 1)
        }
        display.flush()
    }

    /// Asks which slave devices are XTest's (`XIQueryDevice`).
    public func findXTestDevices() {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display.raw, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        xtestDevices = Set((0..<Int(count)).compactMap { i in
            let device = devices[i]
            guard let name = device.name else { return nil }
            return String(cString: name).containsText("XTEST") ? device.deviceid : nil
        })
    }

    /// Whether a raw key press from slave device `source` came from a real keyboard.
    public func isHardware(source: Int32) -> Bool { !xtestDevices.contains(source) }
}
