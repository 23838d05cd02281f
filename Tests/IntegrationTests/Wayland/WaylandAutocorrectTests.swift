import ClavierTestSupport
import Foundation
import Glibc
import Testing

/// Autocorrection on Wayland (issues 36 and 37): input-method-v2 says a GTK 4 entry is prose,
/// so the default `--autocorrect prose` corrects there, with no accessibility bus; foot says it
/// is a terminal, where nothing is corrected. The slip is "the" typed with its last tap on w,
/// near w's edge by e.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"),
       .needs("sway", "swaymsg", "foot"))
struct WaylandAutocorrectTests {
    /// Taps t and h at their centres, w near its edge by e, then `ending`.
    static func typeTheSlip(_ session: WaylandSession, ending: [String]) throws {
        let place = try session.status().geometry
        let result = try session.sway.run([Harness.clavierBinary, "geometry", "--size", "\(place.width)x\(place.height)"],
                                          environment: session.environment)
        let keys = Dictionary(try JSONDecoder().decode(PrintedGeometry.self, from: Data(result.out.utf8)).keys.map { ($0.id, $0) }) { a, _ in a }
        let w = try #require(keys["w"]), e = try #require(keys["e"])
        #expect(w.x + w.width <= e.x + 2, "w is left of e")
        try session.tap(["t", "h"])
        try session.pointer(["move \(place.x + w.x + w.width - max(2, w.width / 12)) \(place.y + w.midY)", "down", "sleep 30", "up",
                             "sleep 300"])
        try session.tap(ending)
    }

    /// The keyboard on `sway`, answering, once its debug log says `ready` (made on the loader's
    /// thread: a fixed pause was once too short on a loaded machine).
    static func started(_ sway: HeadlessSway, ready: String) throws -> WaylandSession {
        let session = WaylandSession(sway: sway)
        try session.start(["--no-sound"], environment: ["CLAVIER_LOG": "debug"])
        #expect(Harness.waitFor(20) { (try? session.command(["status"]))?.status == 0 })
        #expect(Harness.waitFor(30) { session.errors.contains(ready) }, "clavier said: \(session.errors)")
        return session
    }

    @Test func aGTK4EntryIsProseAndItsSlipIsCorrectedAndTakenBack() throws {
        let sway = try HeadlessSway()
        let entry = try GTK4Entry(on: sway)
        let session = try Self.started(sway, ready: "made autocorrection's lexicon for 'en'")
        try Self.typeTheSlip(session, ending: ["space"])
        #expect(entry.waitFor(text: "The "), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        // BackSpace right after puts the letters typed back; a space then leaves them.
        try session.tap(["backspace", "space"])
        #expect(entry.waitFor(text: "Thw "), "the entry holds \(entry.text.debugDescription); clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }

    @Test func aTerminalGetsTheLettersTyped() throws {
        let sway = try HeadlessSway()
        let foot = try FootRecorder(on: sway)
        // A terminal never has the lexicon made; the predictor is (the bar is on).
        let session = try Self.started(sway, ready: "made the word predictor for 'en'")
        try Self.typeTheSlip(session, ending: ["space", "return"])
        #expect(foot.waitFor(suffix: "\r"), "foot received \(foot.received.debugDescription)")
        #expect(foot.received == "thw \r", "clavier said: \(session.errors)")
        #expect(try session.quit() == 0)
    }
}
