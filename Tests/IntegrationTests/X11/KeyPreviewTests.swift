import CX11
import ClavierBuiltins
import ClavierCore
import ClavierRender
import ClavierTestSupport
import Foundation
import Testing

/// The key preview: held with `--preview always` (XTest is a mouse, and by default only
/// touches are previewed), a letter shows a magnified copy of itself above the key, painted
/// exactly as the keyboard's painter paints it; it goes on release, and a PIN pad has none.
@Suite(.serialized, .needsDisplay) struct KeyPreviewIntegrationTests {
    @Test func holdingALetterShowsItsPreviewAboveItUntilRelease() throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--preview", "always"])
        let server = session.server
        let key = try session.press("g", pause: 200_000)
        var popup: Window = 0
        #expect(Harness.waitFor(5) {
            popup = server.windows(named: "Clavier preview").first ?? 0
            return popup != 0 && server.frame(of: popup).viewable
        }, "no preview window; clavier said: \(session.errors)")
        let board = server.frame(of: session.keyboardWindow)
        let preview = KeyPreview(key: "g", pointer: 0, label: .text("g"), keyClass: .letter,
                                 keyRect: Rect(x: key.x, y: key.y, width: key.width, height: key.height))
        let shown = server.frame(of: popup)
        #expect((shown.x, shown.y, shown.width, shown.height)
                == (board.x + preview.frame.x, board.y + preview.frame.y, preview.size.width, preview.size.height))
        #expect(shown.y + shown.height <= board.y + key.y, "above the key")
        let expected = try Canvas(size: preview.size)
        KeyboardPainter(theme: .system).paintAll(preview.keyboard(), on: expected)
        let pixels = try #require(server.pixels(of: popup))
        let rowWords = expected.stride / 4
        let painted = expected.data.assumingMemoryBound(to: UInt32.self)
        var differing = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels.data[y * pixels.width + x] != painted[y * rowWords + x] & 0xFFFFFF { differing += 1 }
        }
        #expect(differing == 0, "\(differing) of \(pixels.width * pixels.height) pixels differ from the painter's preview")
        server.button(down: false)
        #expect(Harness.waitFor(5) { !server.frame(of: popup).viewable }, "the preview stays after release")
        #expect(session.stopKeyboard() == 0)
    }

    @Test func aPinPadShowsNoPreview() throws {
        let session = try KeyboardSession(windowManager: false,
                                          clavierArguments: ["--no-sound", "--layout", "pin", "--seed", "7", "--preview", "always"],
                                          geometryArguments: ["--layout", "pin", "--seed", "7"])
        try session.press("5", on: "pin", pause: 400_000)
        let shown = session.server.windows(named: "Clavier preview").contains { session.server.frame(of: $0).viewable }
        session.server.button(down: false)
        #expect(!shown, "a PIN pad must not show which digit is held")
        #expect(session.stopKeyboard() == 0)
    }
}
