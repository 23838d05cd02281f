@testable import ClavierCore
import ClavierLayouts
import ClavierRender
import Testing

/// Goldens of the layouts for other scripts (issue 51): each one's letters page in the
/// system theme, and with Shift latched where a key has a Shift layer of its own (hi, th) or
/// the language cases its own way (tr's İ).
@Suite(.serialized)
struct ScriptLayoutGoldenTests {
    static let scenes: [(String, ModifierLatch)] = ["ru", "uk", "bg", "el", "tr", "ar", "fa", "he", "hi", "th", "vi"].map { ($0, .off) }
        + [("hi", .latched), ("th", .latched), ("tr", .latched), ("vi", .latched)]

    @Test(arguments: scenes)
    func lettersMatchGolden(_ name: String, shift: ModifierLatch) throws {
        let size = Size(width: 800, height: 260)
        var keyboard = Keyboard(layout: try ShippedLayoutGoldenTests.library.layout(name), size: size)
        keyboard.setShift(shift)
        let canvas = try Canvas(size: size)
        KeyboardPainter(theme: try ShippedLayoutGoldenTests.library.theme("system")).paintAll(keyboard, on: canvas)
        try GoldenImage.check(canvas, named: "\(name)\(shift == .off ? "" : "-shift")-800x260-system")
    }

    /// Arabic's bar with three words: the first (سلام) at the right, as the script reads.
    @Test func arabicBarRunsRightToLeft() throws {
        let size = Size(width: 800, height: 260)
        let keyboard = Keyboard(layout: try ShippedLayoutGoldenTests.library.layout("ar"), size: size)
        var typing = Typing()
        _ = typing.setCompletions(["سلام", "مرحبا", "شكرا"], on: keyboard.accessory)
        let canvas = try Canvas(size: size)
        KeyboardPainter(theme: try ShippedLayoutGoldenTests.library.theme("system"))
            .paintAll(Picture(keyboard, completions: typing.completions), on: canvas)
        try GoldenImage.check(canvas, named: "ar-bar-800x260-system")
    }
}
