import ClavierTestSupport
import ClavierX11
import CX11
import Glibc
import Synchronization

/// A private Xvfb (and optionally openbox) for one test, and what a test asks of it; the
/// programs started on it are stopped with it.
final class XServer {
    private let xvfb: Xvfb
    private var processes: [ChildProcess] = []
    var display: String { xvfb.display }
    var connection: OpaquePointer { xvfb.connection }
    var width: Int { xvfb.width }
    var height: Int { xvfb.height }
    /// Whether openbox runs on it (`click` then waits for it to pass each click on).
    let hasWindowManager: Bool

    /// `serverArguments` go to Xvfb as well (`-extension MIT-SHM` takes one away).
    init(windowManager: Bool, layout: String = "us", group: UInt32 = 0, serverArguments: [String] = []) throws {
        // Xlib's default handler ends the whole test process on any protocol error, as when a
        // test reads a property of a window the keyboard has just destroyed (seen once: BadWindow
        // on X_GetProperty in a full run). The keyboard's own handler reports and carries on.
        XErrorLog.install()
        hasWindowManager = windowManager
        xvfb = try Xvfb(width: 1280, height: 800, layout: layout, displays: Self.displayNumbers(), arguments: serverArguments)
        Self.used.withLock { _ = $0.insert(Int(xvfb.display.dropFirst()) ?? 0) }
        if group != 0 {
            XkbLockGroup(connection, UInt32(XkbUseCoreKbd), group)
            XSync(connection, 0)
        }
        if windowManager {
            processes.append(try ChildProcess(["openbox"], environment: env))
            let ready = Harness.waitFor(10) { self.property(of: self.root, "_NET_SUPPORTING_WM_CHECK") != nil }
            guard ready else { throw HarnessError("openbox did not start") }
        }
    }

    /// Display numbers this test run has had a server on.
    private static let used = Mutex<Set<Int>>([])

    /// The numbers to try, shuffled (suites run side by side, each with a server of its
    /// own), those not used yet in this run first: a keyboard whose server was killed under
    /// it (ServerLossTests) lives on for a moment with its control socket, named after the
    /// display, and would answer a new keyboard on a new server of the same number.
    private static func displayNumbers() -> [Int] {
        let used = Self.used.withLock { $0 }
        let all = Array(110...199).shuffled()
        return all.filter { !used.contains($0) } + all.filter { used.contains($0) }
    }

    deinit {
        for p in processes.reversed() { p.stop() }
    }

    var env: [String: String] { ["DISPLAY": display] }
    var root: Window { XDefaultRootWindow(connection) }

    /// Starts a process on this display; it is stopped with the server.
    @discardableResult
    func start(_ arguments: [String], environment: [String: String] = [:], stderr: String? = nil) throws -> ChildProcess {
        let p = try ChildProcess(arguments, environment: env.merging(environment) { $1 }, stderr: stderr)
        processes.insert(p, at: 0)
        return p
    }

    /// The format-32 values of `window`'s property `name`, if it has that property.
    func property(of window: Window, _ name: String) -> [Int]? {
        WindowProperty.values(connection, window, XInternAtom(connection, name, 0), limit: 64)
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
            WindowTree.children(connection, of: window).forEach(visit)
        }
        visit(root)
        return found
    }

    /// The first viewable window named `name` (as `windows(named:)`) within `seconds`, or nil.
    func waitForWindow(named name: String, seconds: Double = 10) -> Window? {
        var window: Window?
        Harness.waitFor(seconds) {
            window = windows(named: name).first { frame(of: $0).viewable }
            return window != nil
        }
        return window
    }

    /// A window's rectangle in root coordinates, and whether it is viewable.
    func frame(of window: Window) -> (x: Int, y: Int, width: Int, height: Int, viewable: Bool) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(connection, window, &attributes)
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection, window, root, 0, 0, &x, &y, &child)
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
        // openbox grabs a click on the windows it manages and holds it until it has dealt with
        // it; on a loaded machine it was still held when the next click's motion came, and the
        // server gave the held release the pointer's new place: a tap read as a glide (CI, "При"
        // then " иет" for "Привет"). The next click waits until openbox has passed this one on.
        if hasWindowManager { _ = waitForWindowManager(pollingEvery: 0.002) }
    }

    /// Moves the real pointer to (x, y) through XTest, then waits `pause` microseconds; with
    /// a button down this is a drag.
    func movePointer(x: Int, y: Int, pause: UInt32 = 20_000) {
        XTestFakeMotionEvent(connection, 0, Int32(x), Int32(y), 0)
        XSync(connection, 0)
        usleep(pause)
    }

    /// Presses (`down`) or releases button 1 where the pointer is, through XTest, then waits
    /// `pause` microseconds.
    func button(down: Bool, pause: UInt32 = 20_000) {
        XTestFakeButtonEvent(connection, 1, down ? 1 : 0, 0)
        XSync(connection, 0)
        usleep(pause)
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
