import CX11
import Glibc

/// A private Xvfb for a test or the bench (`Xvfb :N -screen 0 WxHx24`), accepting
/// connections and with its keymap pinned by setxkbmap, so what a key types does not depend
/// on the machine; stopped when this goes away.
public final class Xvfb {
    /// The display name, `:N`.
    public let display: String
    public let width: Int, height: Int
    /// A connection of the caller's own, open from the start to the end.
    public let connection: OpaquePointer
    private let process: ChildProcess

    /// Starts Xvfb on the first of `displays` that is free and comes up; `arguments` go to
    /// Xvfb as well (`-extension MIT-SHM` takes one away).
    public init(width: Int, height: Int, layout: String = "us", displays: [Int],
                arguments: [String] = []) throws(HarnessError) {
        self.width = width
        self.height = height
        for n in displays where access("/tmp/.X11-unix/X\(n)", F_OK) != 0 && access("/tmp/.X\(n)-lock", F_OK) != 0 {
            // -noreset: the server would otherwise reset, and forget the pinned keymap,
            // whenever its last client leaves.
            let server = try ChildProcess(["Xvfb", ":\(n)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp",
                                           "-noreset"] + arguments)
            guard Harness.waitFor(5, { access("/tmp/.X11-unix/X\(n)", F_OK) == 0 || !server.isRunning }), server.isRunning else {
                continue
            }
            // The socket exists a moment before the server accepts on it.
            var opened: OpaquePointer?
            Harness.waitFor(5, pollingEvery: 0.01) {
                opened = XOpenDisplay(":\(n)")
                return opened != nil
            }
            guard let opened else { continue }
            display = ":\(n)"
            connection = opened
            process = server
            let xkb = try Harness.run(["setxkbmap", "-display", display, layout])
            guard xkb.status == 0 else { throw HarnessError("setxkbmap \(layout) failed on \(display): \(xkb.err)") }
            return
        }
        throw HarnessError("could not start Xvfb on any free display of :\(displays.min() ?? 0)…:\(displays.max() ?? 0)")
    }

    deinit {
        XCloseDisplay(connection)
        process.stop()
    }
}
