import CX11
import Foundation
import Testing

/// Paths and programs the integration tests need.
enum Harness {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The clavier binary under test: `$CLAVIER_BIN`, else the debug build.
    static var clavierBinary: String {
        if let path = ProcessInfo.processInfo.environment["CLAVIER_BIN"] { return path }
        return packageRoot.appendingPathComponent(".build/debug/clavier").path
    }

    /// Why the X tests cannot run here, or nil when they can.
    static var missing: String? {
        for tool in ["Xvfb", "xterm", "setxkbmap"] where which(tool) == nil {
            return "\(tool) is not installed (make test installs it)"
        }
        if !FileManager.default.isExecutableFile(atPath: clavierBinary) {
            return "no clavier binary at \(clavierBinary) (run swift build first)"
        }
        return nil
    }

    static func which(_ tool: String) -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a command to its end and returns its status, standard output and standard error.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out").path, err = dir.appendingPathComponent("err").path
        let child = try ChildProcess(arguments, environment: environment, stdout: out, stderr: err)
        let status = child.wait()
        return (status, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Waits for `condition` for at most `seconds`; a correctness wait, never a timing check.
    @discardableResult
    static func waitFor(_ seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A private Xvfb (and optionally openbox) for one test, stopped when it goes away.
final class XServer {
    let display: String
    let connection: OpaquePointer
    private var processes: [ChildProcess] = []
    let width = 1280, height = 800

    /// `serverArguments` go to Xvfb as well (`-extension MIT-SHM` takes one away).
    init(windowManager: Bool, layout: String = "us", group: UInt32 = 0, serverArguments: [String] = []) throws {
        var chosen: String?
        var server: ChildProcess?
        for n in (110...199).shuffled() where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
            && !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") {
            let candidate = ":\(n)"
            let p = try ChildProcess(["Xvfb", candidate, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"] + serverArguments)
            if Harness.waitFor(5, { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") || !p.isRunning }), p.isRunning {
                chosen = candidate
                server = p
                break
            }
        }
        guard let display = chosen, let server else { throw HarnessError("could not start Xvfb") }
        self.display = display
        processes.append(server)
        var opened: OpaquePointer?
        Harness.waitFor(5) {
            opened = XOpenDisplay(display)
            return opened != nil
        }
        guard let opened else { throw HarnessError("Xvfb on \(display) does not accept connections") }
        connection = opened
        // A pinned keymap, so what a key types does not depend on the machine.
        let xkb = try Harness.run(["setxkbmap", "-display", display, layout])
        guard xkb.status == 0 else { throw HarnessError("setxkbmap \(layout) failed: \(xkb.err)") }
        if group != 0 {
            XkbLockGroup(connection, UInt32(XkbUseCoreKbd), group)
            XSync(connection, 0)
        }
        if windowManager {
            processes.append(try ChildProcess(["openbox"], environment: env))
            let check = XInternAtom(connection, "_NET_SUPPORTING_WM_CHECK", 0)
            let ready = Harness.waitFor(10) { self.property(of: XDefaultRootWindow(self.connection), check) != nil }
            guard ready else { throw HarnessError("openbox did not start") }
        }
    }

    deinit {
        XCloseDisplay(connection)
        for p in processes.reversed() { p.stop() }
    }

    var env: [String: String] { ["DISPLAY": display] }

    /// Starts a process on this display; it is stopped with the server.
    @discardableResult
    func start(_ arguments: [String], environment: [String: String] = [:], stderr: String? = nil) throws -> ChildProcess {
        let p = try ChildProcess(arguments, environment: env.merging(environment) { $1 }, stderr: stderr)
        processes.insert(p, at: 1)
        return p
    }

    /// The first 32-bit property value of `window`, if it has the property.
    func property(of window: Window, _ atom: Atom) -> [Int]? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(connection, window, atom, 0, 64, 0, UInt(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data, count > 0 else { return nil }
        defer { XFree(data) }
        guard format == 32 else { return [] }
        return data.withMemoryRebound(to: Int.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    /// Windows whose WM_CLASS class or WM_NAME is `name`, searched from the root down.
    func windows(named name: String) -> [Window] {
        var found: [Window] = []
        func visit(_ window: Window) {
            var hint = XClassHint()
            if XGetClassHint(connection, window, &hint) != 0 {
                if let c = hint.res_class, String(cString: c) == name { found.append(window) }
                XFree(hint.res_name)
                XFree(hint.res_class)
            }
            var title: UnsafeMutablePointer<CChar>?
            if XFetchName(connection, window, &title) != 0, let title {
                if String(cString: title) == name, !found.contains(window) { found.append(window) }
                XFree(title)
            }
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            if XQueryTree(connection, window, &root, &parent, &children, &count) != 0, let children {
                for i in 0..<Int(count) { visit(children[i]) }
                XFree(children)
            }
        }
        visit(XDefaultRootWindow(connection))
        return found
    }

    /// A window's rectangle in root coordinates, and whether it is viewable.
    func frame(of window: Window) -> (x: Int, y: Int, width: Int, height: Int, viewable: Bool) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(connection, window, &attributes)
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection, window, XDefaultRootWindow(connection), 0, 0, &x, &y, &child)
        return (Int(x), Int(y), Int(attributes.width), Int(attributes.height), attributes.map_state == IsViewable)
    }

    /// Moves the real pointer to (x, y) and clicks button 1 there, through XTest, at the
    /// pace of a quick human tap (a window manager that grabs the button replays the press
    /// only once it has looked at it, so events sent in the same microsecond can land
    /// at the pointer's old position).
    func click(x: Int, y: Int) {
        XTestFakeMotionEvent(connection, 0, Int32(x), Int32(y), 0)
        XSync(connection, 0)
        usleep(10_000)
        XTestFakeButtonEvent(connection, 1, 1, 0)
        XSync(connection, 0)
        usleep(30_000)
        XTestFakeButtonEvent(connection, 1, 0, 0)
        XSync(connection, 0)
        usleep(20_000)
    }

    /// Moves the real pointer to (x, y) through XTest; with a button down this is a drag.
    func movePointer(x: Int, y: Int) {
        XTestFakeMotionEvent(connection, 0, Int32(x), Int32(y), 0)
        XSync(connection, 0)
        usleep(20_000)
    }

    /// Presses (`down`) or releases button 1 where the pointer is, through XTest.
    func button(down: Bool) {
        XTestFakeButtonEvent(connection, 1, down ? 1 : 0, 0)
        XSync(connection, 0)
        usleep(20_000)
    }

    /// The window holding the input focus.
    var focus: Window {
        var window: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(connection, &window, &revert)
        return window
    }

    /// Gives `window` the input focus explicitly (without a window manager, focus would
    /// otherwise follow the pointer onto the keyboard).
    func setFocus(_ window: Window) {
        XSetInputFocus(connection, window, RevertToParent, 0)
        XSync(connection, 0)
    }

    /// The keycodes the server considers held down (`XQueryKeymap`).
    var heldKeycodes: [Int] {
        var bits = [CChar](repeating: 0, count: 32)
        XQueryKeymap(connection, &bits)
        return (0..<256).filter { UInt8(bitPattern: bits[$0 / 8]) & (1 << ($0 % 8)) != 0 }
    }

    /// The server's core keyboard mapping, one line per keycode, to compare before and after.
    var keymapDump: [String] {
        var minKC: Int32 = 0, maxKC: Int32 = 0, per: Int32 = 0
        XDisplayKeycodes(connection, &minKC, &maxKC)
        guard let map = XGetKeyboardMapping(connection, UInt8(minKC), maxKC - minKC + 1, &per) else { return [] }
        defer { XFree(map) }
        return (0...Int(maxKC - minKC)).map { i in
            (0..<Int(per)).map { String(map[i * Int(per) + $0], radix: 16) }.joined(separator: " ")
        }
    }

    /// The effective XKB group of the core keyboard.
    var group: UInt32 {
        var state = XkbStateRec()
        XkbGetState(connection, UInt32(XkbUseCoreKbd), &state)
        return UInt32(state.group)
    }

    /// The pixels of a window's area of the screen, x8r8g8b8 rows (`XGetImage`).
    func pixels(of window: Window) -> (width: Int, height: Int, data: [UInt32])? {
        let f = frame(of: window)
        guard let image = XGetImage(connection, window, 0, 0, UInt32(f.width), UInt32(f.height), UInt.max, ZPixmap) else { return nil }
        defer { clavier_destroy_image(image) }
        var data: [UInt32] = []
        data.reserveCapacity(f.width * f.height)
        for y in 0..<f.height {
            for x in 0..<f.width { data.append(UInt32(truncatingIfNeeded: clavier_get_pixel(image, Int32(x), Int32(y))) & 0xFFFFFF) }
        }
        return (f.width, f.height, data)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
