import ClavierBuiltins
import ClavierCore
import ClavierLayouts
@testable import ClavierRender
import Testing

/// The input aids' marks: painted on their key alone, so repainting only the keys whose
/// marks changed (`KeyMarks.damage`) gives exactly the picture a full repaint gives.
struct MarkPainterTests {
    @Test(arguments: ["system", "high-contrast"])
    func marksRepaintOnlyTheirKeysAndShow(theme name: String) throws {
        let painter = KeyboardPainter(theme: try ShippedLayoutGoldenTests.library.theme(name))
        let size = Size(width: 1000, height: 300)
        let keyboard = Keyboard(layout: .us, size: size)
        let canvas = try Canvas(size: size)
        painter.paintAll(keyboard, on: canvas)
        let plain = try Canvas(size: size)
        painter.paintAll(keyboard, on: plain)
        var steps: [KeyMarks] = []
        for progress in [0.25, 0.5, 1] {
            var marks = KeyMarks()
            marks.dwell = (.key("g"), progress)
            steps.append(marks)
        }
        var row = KeyMarks()
        row.scanned = Set(["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"].map(PressTarget.key))
        var key = KeyMarks()
        key.scanned = [.key("w")]
        steps += [row, key, KeyMarks()]
        var shown = KeyMarks()
        for marks in steps {
            let damage = marks.damage(from: shown)
            shown = marks
            painter.paintKeys(damage.keys, of: Picture(keyboard, marks: marks), on: canvas)
            let full = try Canvas(size: size)
            painter.paintAll(Picture(keyboard, marks: marks), on: full)
            #expect(GoldenImage.compare(canvas, full, tolerance: 0).differing == 0, "one-key repaints of \(marks) differ from a full paint")
            let changed = differingPixels(canvas, plain)
            #expect(marks == KeyMarks() ? changed == 0 : changed > 500, "a mark must show: \(changed) pixels for \(marks)")
        }
    }

    func differingPixels(_ a: borrowing Canvas, _ b: borrowing Canvas) -> Int {
        let pa = a.data.assumingMemoryBound(to: UInt32.self), pb = b.data.assumingMemoryBound(to: UInt32.self)
        return (0..<(a.stride / 4 * a.size.height)).filter { pa[$0] != pb[$0] }.count
    }
}
