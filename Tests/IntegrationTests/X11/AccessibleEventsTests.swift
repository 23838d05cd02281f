import ClavierTestSupport
import Foundation
import Testing

/// Issue 50: keys a screen reader can see tell it what changed. An accessibility client
/// (libatspi through python3-gi) listens while Shift is tapped: Shift's button says it is
/// checked (`object:state-changed:checked`) and the letters' buttons their new names
/// ("capital q", `object:property-change:accessible-name`), the same objects going on, as a
/// screen reader needs to follow a latched Shift without reading the whole window again.
@Suite(.serialized, .needsDisplay, .needs("openbox", "dbus-daemon", "dbus-send", "python3")) struct AccessibleEventsTests {
    static let listener = """
    import sys
    import gi
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi, GLib
    seen = []
    def heard(event):
        try:
            name = event.source.get_name()
        except Exception:
            name = '?'
        seen.append('%s %d %s' % (event.type, event.detail1, name))
    listener = Atspi.EventListener.new(heard)
    listener.register('object:state-changed:checked')
    listener.register('object:property-change:accessible-name')
    listener.register('object:children-changed')
    print('ready', flush=True)
    loop = GLib.MainLoop()
    GLib.timeout_add(int(sys.argv[1]), loop.quit)
    loop.run()
    for line in seen:
        print(line, flush=True)
    """

    @Test func shiftTappedSaysCheckedAndTheLettersTheirNewNames() throws {
        let accessible = try AccessibleSession()
        let (session, client) = (accessible.session, accessible.client)
        try accessible.turnAccessibilityOn()
        let first = try AccessibilityProbe.read("q", press: false, environment: client)
        #expect(first.names?.contains("q") == true, "\(first)")

        // Through ChildProcess, as every child of the tests: it takes none of the test process's
        // descriptors along (another test's socket kept open in it would never see its end).
        // Debian's python3, which has gi (PATH may lead to another).
        let output = session.directory.appendingPathComponent("listener.out").path
        let python = try ChildProcess(["/usr/bin/python3", "-c", Self.listener, "4000"], environment: client, stdout: output, stderr: output + ".err")
        defer { python.stop() }
        var heard = ""
        #expect(Harness.waitFor(20) {
            heard = TextFile.read(output) ?? ""
            return heard.contains("ready")
        }, "the listener never started: \(heard) \(TextFile.read(output + ".err") ?? "")")
        usleep(300_000)
        try session.tap(["shift"])
        python.wait()
        heard = TextFile.read(output) ?? ""
        let lines = heard.split(separator: "\n").map(String.init)
        #expect(lines.contains("object:state-changed:checked 1 shift"), "\(lines)")
        #expect(lines.contains("object:property-change:accessible-name 0 capital q"), "\(lines)")
        // The same buttons went on: the window's children were not made again.
        #expect(!lines.contains { $0.hasPrefix("object:children-changed") }, "\(lines)")
        #expect(session.stopKeyboard() == 0)
    }
}
