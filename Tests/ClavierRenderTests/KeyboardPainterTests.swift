import ClavierBuiltins
import ClavierCore
import ClavierRender
import Testing

@Suite(.serialized)
struct KeyboardPainterTests {
    /// One picture a user sees: a page of `Layout.us` in some state.
    struct Scene: CustomTestStringConvertible, Sendable {
        var name: String
        var page: Page.ID
        var shift: ModifierLatch = .off
        var pressed: Key.ID?
        var testDescription: String { name }
    }

    static let scenes = [
        Scene(name: "letters", page: "letters"),
        Scene(name: "letters-pressed-g", page: "letters", pressed: "g"),
        Scene(name: "letters-shift-latched", page: "letters", shift: .latched),
        Scene(name: "letters-shift-locked", page: "letters", shift: .locked),
        Scene(name: "numbers", page: "numbers"),
        Scene(name: "symbols", page: "symbols"),
    ]
    static let sizes = [Size(width: 1280, height: 330), Size(width: 800, height: 260)]

    static func keyboard(_ scene: Scene, size: Size) -> Keyboard {
        var keyboard = Keyboard(layout: .us, page: scene.page, size: size)
        keyboard.setShift(scene.shift)
        if let id = scene.pressed { keyboard.setPressed(id) }
        return keyboard
    }

    @Test(arguments: scenes, sizes)
    func matchesGolden(_ scene: Scene, size: Size) throws {
        let canvas = try Canvas(size: size)
        KeyboardPainter(theme: .system).paintAll(Self.keyboard(scene, size: size), on: canvas)
        try GoldenImage.check(canvas, named: "\(scene.name)-\(size.width)x\(size.height)")
    }

    /// A long press on a, the pointer slid onto its third alternate; and on o, whose top-row
    /// popup opens below it.
    @Test(arguments: [("a", 2), ("o", 0)])
    func alternatesPopupMatchesGolden(key: String, selected: Int) throws {
        let size = Size(width: 800, height: 260)
        var keyboard = Keyboard(layout: .us, size: size)
        let t0 = ContinuousClock.now
        let r = try #require(keyboard.geometry.frame(id: key)).rect
        _ = keyboard.handle(.press(Point(x: r.midX, y: r.midY)), at: t0)
        _ = keyboard.handle(.tick, at: t0 + keyboard.longPressDelay)
        let cell = try #require(keyboard.popup?.cells[selected])
        _ = keyboard.handle(.motion(Point(x: cell.midX, y: cell.midY)), at: t0 + .seconds(1))
        let canvas = try Canvas(size: size)
        let painter = KeyboardPainter(theme: .system)
        painter.paintAll(keyboard, on: canvas)
        try GoldenImage.check(canvas, named: "alternates-\(key)-800x260")
        // Repainting one key while the popup is open must not cover the popup.
        let again = try Canvas(size: size)
        painter.paintAll(Keyboard(layout: .us, size: size), on: again)
        #expect(painter.paintKeys(["g"], of: keyboard, on: again) == Rect(x: 0, y: 0, width: 800, height: 260))
        try expectIdentical(again, paintedAllOf: keyboard, by: painter, "repainting g under the popup")
    }

    @Test func pressedKeyLooksDifferentFromIdle() throws {
        let size = Size(width: 800, height: 260)
        let painter = KeyboardPainter(theme: .system)
        let idle = Keyboard(layout: .us, size: size)
        var pressed = idle
        pressed.setPressed("g")
        let a = try Canvas(size: size), b = try Canvas(size: size)
        painter.paintAll(idle, on: a)
        painter.paintAll(pressed, on: b)

        let g = try #require(idle.geometry.frame(id: "g")).rect
        let h = try #require(idle.geometry.frame(id: "h")).rect
        var differingInG = 0, differingInH = 0
        for y in g.y..<g.maxY {
            for x in g.x..<g.maxX where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differingInG += 1 }
        }
        for y in h.y..<h.maxY {
            for x in h.x..<h.maxX where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differingInH += 1 }
        }
        // Most of the key's face changes colour; its neighbour does not change at all.
        #expect(differingInG > g.width * g.height / 2)
        #expect(differingInH == 0)
        // The pressed face is darker (look.md: (179,179,187) → (130,130,140) against (241,241,243) → …).
        let idleCentre = a.pixel(x: g.x + 3, y: Int(g.midY)), pressedCentre = b.pixel(x: g.x + 3, y: Int(g.midY))
        #expect(pressedCentre & 0xFF < idleCentre & 0xFF)
    }

    static let repaintSizes = [Size(width: 800, height: 260), Size(width: 1280, height: 330),
                               Size(width: 1920, height: 450), Size(width: 333, height: 97)]

    /// Paint everything with a key idle, press it and repaint only that key: the canvas must
    /// equal a full repaint of the pressed state, pixel for pixel.
    @Test(arguments: repaintSizes)
    func paintKeysMatchesPaintAll(size: Size) throws {
        let painter = KeyboardPainter(theme: .system)
        for id in ["g", "q", "p", "shift", "space", "backspace", "return"] {
            var keyboard = Keyboard(layout: .us, size: size)
            let incremental = try Canvas(size: size)
            painter.paintAll(keyboard, on: incremental)
            keyboard.setPressed(id)
            let painted = painter.paintKeys([id], of: keyboard, on: incremental)

            let damage = try #require(painted)
            let frame = try #require(keyboard.geometry.frame(id: id)).rect
            #expect(damage.x <= frame.x && damage.y <= frame.y && damage.maxX >= frame.maxX && damage.maxY >= frame.maxY)
            #expect(damage.x >= 0 && damage.y >= 0 && damage.maxX <= size.width && damage.maxY <= size.height)
            try expectIdentical(incremental, paintedAllOf: keyboard, by: painter, "pressing \(id) at \(size.width)x\(size.height)")
        }
    }

    /// Drive the reducer as the X side does — press and release keys, latch Shift, type a
    /// letter — repainting only the keys each `.redraw` names; after every event the canvas
    /// must equal a full repaint.
    @Test(arguments: repaintSizes)
    func reducerDrivenRepaintsMatchPaintAll(size: Size) throws {
        let painter = KeyboardPainter(theme: .system)
        var keyboard = Keyboard(layout: .us, size: size)
        let canvas = try Canvas(size: size)
        painter.paintAll(keyboard, on: canvas)
        var now = ContinuousClock.now
        for id in ["g", "h", "shift", "k", "backspace", "return"] {
            let point = try #require(keyboard.geometry.frame(id: id)).rect
            let centre = Point(x: point.midX, y: point.midY)
            for event in [InputEvent.press(centre), .release(centre)] {
                now += .milliseconds(700)  // apart enough that two Shift taps never lock
                for effect in keyboard.handle(event, at: now) {
                    switch effect {
                    case .redraw(let ids): _ = painter.paintKeys(ids, of: keyboard, on: canvas)
                    case .redrawAll: painter.paintAll(keyboard, on: canvas)
                    default: break
                    }
                }
                try expectIdentical(canvas, paintedAllOf: keyboard, by: painter, "after \(event) on \(id)")
            }
        }
    }

    private func expectIdentical(_ canvas: borrowing Canvas, paintedAllOf keyboard: Keyboard, by painter: KeyboardPainter,
                                 _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let full = try Canvas(size: canvas.size)
        painter.paintAll(keyboard, on: full)
        let comparison = GoldenImage.compare(canvas, full, tolerance: 0)
        guard comparison.differing > 0 else { return }
        let name = "repaint-\(canvas.size.width)x\(canvas.size.height)"
        let actual = try GoldenImage.writeActual(canvas, name: name)
        let diff = try GoldenImage.writeDiff(canvas, full, name: name, tolerance: 0)
        Issue.record("\(what): \(comparison.differing) pixels differ from a full repaint, first at \(comparison.first); actual \(actual), diff \(diff)",
                     sourceLocation: sourceLocation)
    }

    @Test func paintKeysIgnoresKeysNotOnThePage() throws {
        let keyboard = Keyboard(layout: .us, size: Size(width: 800, height: 260))
        let canvas = try Canvas(size: keyboard.geometry.size)
        let damage = KeyboardPainter(theme: .system).paintKeys(["no-such-key"], of: keyboard, on: canvas)
        #expect(damage == nil)
    }

    /// Emoji go through Pango's font fallback to Noto Color Emoji and keep their colours.
    @Test func emojiComeOutInColour() throws {
        let page = Page(id: "emoji", rows: [Row([Key.character("😀"), Key.character("a")])])
        let keyboard = Keyboard(layout: Layout(id: "emoji", pages: [page]), size: Size(width: 200, height: 80))
        let canvas = try Canvas(size: keyboard.geometry.size)
        KeyboardPainter(theme: .system).paintAll(keyboard, on: canvas)
        let rect = try #require(keyboard.geometry.frame(id: "😀")).rect
        var colourful = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let p = canvas.pixel(x: x, y: y)
                let r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
                // The face is yellow: far more red and green than blue; the key itself is grey.
                if r - b > 80 && g - b > 40 { colourful += 1 }
            }
        }
        #expect(colourful > 20)
    }
}
