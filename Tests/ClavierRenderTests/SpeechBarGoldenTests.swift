@testable import ClavierCore
import ClavierRender
import Testing

/// The shipped us layout's bar with speech on (issue 50): three words, then Save (a bookmark
/// with a plus), Speak (a loudspeaker) held down, and the gear; repainting the bar alone gives
/// the pixels painting everything does.
@Suite(.serialized)
struct SpeechBarGoldenTests {
    @Test(arguments: ["system", "dark"])
    func speakAndSaveOnTheBarMatchGolden(theme: String) throws {
        let size = Size(width: 1000, height: 300)
        var keyboard = Keyboard(layout: try ShippedLayoutGoldenTests.library.layout("us"), size: size)
        keyboard.opensSettings = true
        keyboard.sentenceCells = Session.sentenceCells(speech: true, kiosk: false)
        let t0 = ContinuousClock.now
        var typing = Typing()
        try ShippedLayoutGoldenTests.tap(["h", "e", "l"], on: &keyboard, typing: &typing, at: t0)
        let painter = KeyboardPainter(theme: try ShippedLayoutGoldenTests.library.theme(theme))
        let incremental = try Canvas(size: size)
        painter.paintAll(Picture(keyboard, completions: typing.completions), on: incremental)
        _ = typing.setCompletions(["held", "help", "hello"], on: keyboard.accessory)
        let speak = try #require(keyboard.accessory?.rect(of: .speak))
        _ = keyboard.handle(.press(Point(x: speak.midX, y: speak.midY)), at: t0, typing: &typing)
        let picture = Picture(keyboard, completions: typing.completions)
        #expect(painter.paintAccessory(of: picture, on: incremental) == keyboard.accessory?.rect)
        let canvas = try Canvas(size: size)
        painter.paintAll(picture, on: canvas)
        try GoldenImage.check(canvas, named: "us-speech-bar-1000x300-\(theme)")
        var differing = 0
        for y in 0..<size.height {
            for x in 0..<size.width where canvas.pixel(x: x, y: y) != incremental.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "paintAccessory left \(differing) pixels unlike paintAll")
    }
}
