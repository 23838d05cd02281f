import ClavierTestSupport
import Foundation
import Testing

/// An accessibility client, as a screen reader or a test tool is one: libatspi through
/// python3-gi's Atspi (gir1.2-atspi-2.0) lists the desktop's applications, and of the one named
/// `clavier`, its window's children; it reads the push button named NAME (its role, extents on
/// the screen, states, action, the child under its centre) and, with `press`, calls its action.
/// It prints one line of JSON: `{"apps": [...]}` when there is no clavier, else what it read.
enum AccessibilityProbe {
    struct Reading: Decodable {
        var apps: [String]?
        var windowRole: String?
        var names: [String]?
        var role: String?
        var extents: [Int]?
        var showing: Bool?
        var atPoint: String?
        var action: String?
        var pressed: Bool?
    }

    static func read(_ name: String, press: Bool, environment: [String: String]) throws -> Reading {
        let run = try Harness.run(["/usr/bin/python3", "-c", script, name, press ? "press" : "look"], environment: environment, timeout: 30)
        guard run.status == 0, let line = run.out.split(separator: "\n").last else {
            throw HarnessError("the accessibility probe failed (\(run.status)): \(run.err) \(run.out)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Reading.self, from: Data(line.utf8))
    }

    static let script = """
    import json, sys
    import gi
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi
    want, press = sys.argv[1], sys.argv[2] == 'press'
    desktop = Atspi.get_desktop(0)
    apps = [desktop.get_child_at_index(i) for i in range(desktop.get_child_count())]
    apps = [a for a in apps if a is not None]
    app = next((a for a in apps if a.get_name() == 'clavier'), None)
    if app is None:
        print(json.dumps({'apps': [a.get_name() for a in apps]}))
        sys.exit(0)
    window = app.get_child_at_index(0)
    out = {'apps': [a.get_name() for a in apps], 'window_role': window.get_role_name(), 'names': []}
    found = None
    for i in range(window.get_child_count()):
        child = window.get_child_at_index(i)
        out['names'].append(child.get_name())
        if found is None and child.get_name() == want:
            found = child
    if found is not None:
        e = found.get_extents(Atspi.CoordType.SCREEN)
        out['extents'] = [e.x, e.y, e.width, e.height]
        out['role'] = found.get_role_name()
        out['showing'] = found.get_state_set().contains(Atspi.StateType.SHOWING)
        under = window.get_accessible_at_point(e.x + e.width // 2, e.y + e.height // 2, Atspi.CoordType.SCREEN)
        out['at_point'] = under.get_name() if under is not None else None
        out['action'] = found.get_action_name(0)
        if press:
            out['pressed'] = found.do_action(0)
    print(json.dumps(out))
    """
}

/// A keyboard session (openbox, an xterm) with a private session bus and at-spi2-core's
/// accessibility bus up (as FocusSession starts them), and clavier started on it with
/// `CLAVIER_LOG=debug`, so that a test sees when its accessible keys register. GSettings are in
/// memory: turning accessibility on writes no one's dconf.
final class AccessibleSession {
    let runtime = TemporaryDirectory()
    let session: KeyboardSession
    let bus: SessionBus
    /// The environment of an accessibility client of this session (AccessibilityProbe's).
    let client: [String: String]

    init(arguments: [String] = ["--no-sound"]) throws {
        session = try KeyboardSession(windowManager: true, clavierArguments: nil, environment: ["XDG_RUNTIME_DIR": runtime.path])
        let busEnvironment = session.server.env.merging(["XDG_RUNTIME_DIR": runtime.path, "GSETTINGS_BACKEND": "memory"]) { $1 }
        bus = try SessionBus(addressFile: session.directory.appendingPathComponent("bus-address").path, environment: busEnvironment)
        try bus.startAccessibilityBus()
        client = session.server.env.merging(bus.environment) { $1 }
        try session.startKeyboard(arguments: arguments, environment: bus.environment.merging(["CLAVIER_LOG": "debug"]) { $1 })
    }

    /// Turns the session's accessibility on, as a tool or a screen reader does, and waits until
    /// clavier says its keys are registered.
    func turnAccessibilityOn() throws {
        let on = try Harness.run(["dbus-send", "--session", "--dest=org.a11y.Bus", "--print-reply", "/org/a11y/bus",
                                  "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                                  "variant:boolean:true"], environment: client, timeout: 20)
        #expect(on.status == 0, "\(on.err)")
        #expect(Harness.waitFor(10) { self.session.errors.contains("accessible keys: registered") }, "\(session.said)")
    }
}
