import ClavierTestSupport
import CX11
import Foundation
import Testing

/// `--hide-on-hardware-keys`. Xvfb has one real keyboard device, "Xvfb keyboard" (a slave of
/// the core keyboard, as evdev's and libinput's devices are on a desktop), beside the XTest
/// slave "Virtual core XTEST keyboard" through which Clavier and xdotool type. XTest can
/// also post a key as coming from a given slave device (`XTestFakeDeviceKeyEvent`): the
/// server then reports that device as the key's source, exactly as for a key from its
/// driver. So this proves that Clavier tells keys apart by the device they came from: a key
/// from a keyboard device hides it, its own keys and other XTest typing do not. It does not
/// drive a kernel input driver: there is none under Xvfb.
@Suite(.serialized, .needsDisplay, .needs("xdotool", "openbox", "dbus-daemon", "dbus-send")) struct HardwareKeysTests {
    /// The id of the XI slave keyboard named `name`.
    static func device(named name: String, _ server: XServer) throws -> Int32 {
        var count: Int32 = 0
        let devices = try #require(XIQueryDevice(server.connection, XIAllDevices, &count))
        defer { XIFreeDeviceInfo(devices) }
        let found = (0..<Int(count)).first { devices[$0].name.map { String(cString: $0) } == name }
        return try #require(found.map { devices[$0].deviceid }, "no input device '\(name)'")
    }

    /// Presses and releases keycode `keycode` as if on the keyboard device `id`.
    static func press(_ keycode: UInt32, onDevice id: Int32, _ server: XServer) throws {
        var count: Int32 = 0
        // XI 1 must be asked first, or XOpenDevice finds no device list.
        XFreeDeviceList(XListInputDevices(server.connection, &count))
        let device = try #require(XOpenDevice(server.connection, XID(id)), "cannot open device \(id)")
        defer { XCloseDevice(server.connection, device) }
        XTestFakeDeviceKeyEvent(server.connection, device, keycode, 1, nil, 0, 0)
        XTestFakeDeviceKeyEvent(server.connection, device, keycode, 0, nil, 0, 0)
        XSync(server.connection, 0)
    }

    @Test func aKeyFromAKeyboardDeviceHidesItButXTestKeysDoNot() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--hide-on-hardware-keys"],
                                          environment: ["CLAVIER_LOG": "debug"])
        let server = session.server
        let xvfbKeyboard = try Self.device(named: "Xvfb keyboard", server)
        // Clavier's own keys (XTest) type and leave it shown.
        try session.tap(["o", "k"])
        // Another program's XTest keys (xdotool) leave it shown too.
        _ = try Harness.run(["xdotool", "type", "--delay", "20", "go"], environment: server.env)
        usleep(500_000)
        #expect(server.frame(of: session.keyboardWindow).viewable, "hidden by XTest keys; \(session.said)")
        // A key from the keyboard device: typed in xterm, and the keyboard goes.
        let keycodeOfX = UInt32(XKeysymToKeycode(server.connection, KeySym(0x78)))
        try Self.press(keycodeOfX, onDevice: xvfbKeyboard, server)
        #expect(Harness.waitFor(5) { !server.frame(of: session.keyboardWindow).viewable }, "a hardware key did not hide it; \(session.said)")
        try Self.press(UInt32(XKeysymToKeycode(server.connection, KeySym(0xFF0D))), onDevice: xvfbKeyboard, server)
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == "okgox\n", "\(session.said)")
        #expect(session.errors.contains("a key on a hardware keyboard (device \(xvfbKeyboard)): hiding"), "\(session.errors)")
    }

    @Test func offByDefaultWithoutAutoShow() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound"])
        let server = session.server
        try Self.press(UInt32(XKeysymToKeycode(server.connection, KeySym(0x78))), onDevice: try Self.device(named: "Xvfb keyboard", server), server)
        usleep(500_000)
        #expect(server.frame(of: session.keyboardWindow).viewable)
    }

    /// With auto-show it is on by default: a hardware key hides the keyboard while the entry
    /// keeps the focus, and the next text field to get the focus brings it back.
    @Test func withAutoShowItComesBackAtTheNextTextField() throws {
        let s = try FocusSession(.gtk3, arguments: ["--no-sound", "--auto-show"])
        let server = s.session.server
        #expect(Harness.waitFor(15) { s.session.errors.contains("auto-show: listening") }, "\(s.said)")
        try s.focus("entry-1")
        #expect(Harness.waitFor(10) { s.status() == "visible" }, "\(s.said)")
        try Self.press(UInt32(XKeysymToKeycode(server.connection, KeySym(0x78))), onDevice: try Self.device(named: "Xvfb keyboard", server), server)
        #expect(Harness.waitFor(10) { s.status() == "hidden" }, "a hardware key did not hide it; \(s.said)")
        usleep(700_000)
        #expect(s.status() == "hidden", "it came back with the focus still in the same entry; \(s.said)")
        try s.focus("button-1")
        try s.focus("entry-2")
        #expect(Harness.waitFor(10) { s.status() == "visible" }, "the next text field did not bring it back; \(s.said)")
    }
}
