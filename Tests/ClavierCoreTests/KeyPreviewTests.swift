import ClavierBuiltins
import Testing
@testable import ClavierCore

@Suite struct KeyPreviewTests {
    let size = Size(width: 1280, height: 330)
    let t0 = ContinuousClock.now

    @Test func aHeldLetterIsPreviewedAboveItselfAsItLooks() throws {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(k.centre(of: "shift"), pointer: 0), at: t0)
        _ = k.handle(.release(k.centre(of: "shift"), pointer: 0), at: t0)
        _ = k.handle(.press(k.centre(of: "g"), pointer: 5), at: t0 + .milliseconds(100))
        let preview = try #require(k.preview(.touch))
        #expect(preview.key == "g" && preview.pointer == 5 && preview.label == .text("G"))
        let key = k.geometry.frame(id: "g")!.rect
        #expect(preview.size == Size(width: Int((Double(key.width) * 1.5).rounded()), height: Int((Double(key.height) * 1.5).rounded())))
        #expect(preview.frame.maxY < key.y && abs(preview.frame.midX - key.midX) <= 1)
        #expect(preview.keyboard().geometry.frames.count == 1)
        _ = k.handle(.release(k.centre(of: "g"), pointer: 5), at: t0 + .milliseconds(150))
        #expect(k.preview(.touch) == nil, "gone on release")
    }

    @Test func theModeSaysWhichPointersArePreviewed() {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(k.centre(of: "h"), pointer: 0), at: t0)
        #expect(k.preview(.touch) == nil, "the mouse does not hide the key it holds")
        #expect(k.preview(.always)?.key == "h")
        #expect(k.preview(.never) == nil)
    }

    @Test func theLatestOfSeveralFingersIsPreviewed() {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(k.centre(of: "q"), pointer: 9), at: t0)
        _ = k.handle(.press(k.centre(of: "w"), pointer: 3), at: t0 + .milliseconds(10))
        #expect(k.preview(.touch)?.key == "w")
        _ = k.handle(.release(k.centre(of: "w"), pointer: 3), at: t0 + .milliseconds(20))
        #expect(k.preview(.touch)?.key == "q")
    }

    @Test func functionKeysAndPinPadsAreNeverPreviewed() {
        var k = Keyboard(layout: .us, size: size)
        _ = k.handle(.press(k.centre(of: "backspace"), pointer: 1), at: t0)
        #expect(k.preview(.always) == nil)
        // A PIN pad shows no pressed keys: a preview would show the digit to whoever looks on.
        let digits = Layout(id: "pin", pages: [Page(id: "digits", rows: [Row(["1", "2", "3"].map { Key.character($0) })])],
                            options: LayoutOptions(showsPressedKeys: false))
        var pin = Keyboard(layout: digits, size: Size(width: 600, height: 200))
        _ = pin.handle(.press(pin.centre(of: "2"), pointer: 1), at: t0)
        #expect(!pin.pressed.isEmpty)
        #expect(pin.preview(.always) == nil)
    }
}
