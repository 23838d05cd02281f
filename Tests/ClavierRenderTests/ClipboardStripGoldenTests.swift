import ClavierBuiltins
import ClavierCore
import ClavierRender
import Testing

/// The clipboard strip's cells (issues 38, 48): copies on a key's face in quotes, a pinned one
/// with its pin, and a copy with new lines marked first with how many, even where they all
/// come past what the cell shows (`⏎2 “echo harmle…”`), so it never looks like a one-line copy.
@Suite(.serialized)
struct ClipboardStripGoldenTests {
    static let copies = ["pinned note", "echo harmless-looking\ntouch pwned\n", "echo harmless-looking touch", "ls\n", "a\nb"]

    @Test(arguments: [3, 5])
    func theStripMatchesGolden(slots: Int) throws {
        let size = Size(width: 1000, height: 300)
        let keyboard = Keyboard(layout: Layout.us.offering(suggestions: slots), size: size)
        let labels = Self.copies.prefix(slots).map(ClipboardHistory.label)
        let canvas = try Canvas(size: size)
        KeyboardPainter(theme: .system).paintAll(Picture(keyboard, completions: labels, offersClips: true, pinnedClips: 1), on: canvas)
        try GoldenImage.check(canvas, named: "clipboard-strip-\(slots)-1000x300")
    }
}
