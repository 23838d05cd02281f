import ClavierTestSupport
import Foundation

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
