import ClavierCore
import ClavierRender
import Foundation
import Testing
@testable import ClavierApp

/// The screen base that X's window and Wayland's surface share, over a sink that records what
/// it is given: the keys below a floating keyboard's handle, the grip put back over the keys'
/// corner, and the first picture kept between starts and checked once it is up.
@Suite(.serialized) struct PaintedScreenTests {
    final class RecordingSink: PixelSink {
        var puts: [(blocks: [PixelBlock], damage: [Rect])] = []
        func put(_ blocks: [PixelBlock], damage: [Rect]) { puts.append((blocks, damage)) }
        var damage: [Rect] { puts.flatMap(\.damage) }
    }

    /// A screen with a frame at `scale` (nil: docked), as X's and Wayland's are.
    final class Screen: PaintedScreen {
        let scale: DisplayScale?
        let leaves: Bool
        init(_ sink: RecordingSink, window: Size, scale: DisplayScale?, leaves: Bool = false) throws {
            self.scale = scale
            self.leaves = leaves
            try super.init(sink: sink, theme: .system, window: window, frame: scale)
        }
        override var frameScale: DisplayScale? { scale }
        override var leavesKeptMapping: Bool { leaves }
    }

    static let picture = AppUnderTest().app.session.picture
    static var window: Size { picture.geometry.size }

    @Test func theKeysTakeWhatTheHandleLeavesAtEveryScale() throws {
        for factor in [1.0, 1.5, 2.0] {
            let screen = try Screen(RecordingSink(), window: Size(width: 800, height: 300), scale: DisplayScale(factor: factor))
            #expect(screen.keysTop == Int((18 * factor).rounded()))
            #expect(screen.keysSize == Size(width: 800, height: 300 - screen.keysTop))
            #expect(screen.handle.size == Size(width: 800, height: screen.keysTop))
            let grip = try #require(screen.grip)
            #expect(grip.maxX == 800 && grip.maxY == screen.keysSize.height)
        }
        let docked = try Screen(RecordingSink(), window: Size(width: 800, height: 300), scale: nil)
        #expect(docked.keysTop == 0 && docked.keysSize == Size(width: 800, height: 300) && docked.grip == nil)
    }

    @Test func aWholePaintPutsTheKeysBelowTheHandleWithTheGripOnTop() throws {
        let sink = RecordingSink()
        let screen = try Screen(sink, window: Self.window, scale: DisplayScale(factor: 1))
        screen.paint(Self.picture, damaged: [], whole: true, bar: false)
        let keys = Rect(x: 0, y: screen.keysTop, width: screen.keysSize.width, height: screen.keysSize.height)
        let grip = try #require(screen.grip)
        #expect(sink.damage == [keys, Rect(x: grip.x, y: grip.y + screen.keysTop, width: grip.width, height: grip.height)])
        let blocks = try #require(sink.puts.last?.blocks)
        #expect(blocks.map(\.top) == [screen.keysTop, 0] && blocks.map(\.size) == [screen.keysSize, screen.handle.size])
        // Once the keys are up, a key away from the grip puts only itself.
        sink.puts = []
        let key = try #require(Self.picture.keyboard.page.rows.first?.keys.first)
        screen.paint(Self.picture, damaged: [key.id], whole: false, bar: false)
        #expect(sink.damage.count == 1 && !overlap(sink.damage[0], Rect(x: grip.x, y: grip.y + screen.keysTop,
                                                                        width: grip.width, height: grip.height)))
    }

    /// A new theme from the settings page: the handle strip, painted anew, goes up with the
    /// keys' repaint (X put only the keys, leaving the old theme's handle on screen).
    @Test func aNewThemesHandleGoesUpWithTheNextPaint() throws {
        let sink = RecordingSink()
        let screen = try Screen(sink, window: Self.window, scale: DisplayScale(factor: 1))
        screen.paint(Self.picture, damaged: [], whole: true, bar: false)
        var dark = Theme.system
        dark.background = Gradient(.black, .black)
        screen.retheme(dark)
        sink.puts = []
        screen.paint(Self.picture, damaged: [], whole: true, bar: false)
        let strip = Rect(x: 0, y: 0, width: screen.handle.size.width, height: screen.keysTop)
        #expect(sink.damage.contains(strip), "\(sink.damage)")
        // Once: the next paint puts the keys alone.
        sink.puts = []
        screen.paint(Self.picture, damaged: [], whole: true, bar: false)
        #expect(!sink.damage.contains(strip))
    }

    @Test func aBlockTakesOnlyItsPartOfARectangle() {
        let block = PixelBlock(pixels: UnsafeMutableRawPointer(bitPattern: 4)!, stride: 400, size: Size(width: 100, height: 50), top: 18)
        #expect(block.area(of: Rect(x: 10, y: 0, width: 20, height: 30)) == Rect(x: 10, y: 0, width: 20, height: 12))
        #expect(block.area(of: Rect(x: 90, y: 60, width: 40, height: 100)) == Rect(x: 90, y: 42, width: 10, height: 8))
        #expect(block.area(of: Rect(x: 0, y: 0, width: 100, height: 18)) == nil)
    }

    @Test(arguments: [(nil, false), (1.0, false), (nil, true), (2.0, true)] as [(Double?, Bool)])
    func theFirstPictureIsKeptThenShownAgainAndChecked(factor: Double?, leaves: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-screen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scale = factor.map { DisplayScale(factor: $0) }
        let cache = PictureCache(directory: directory)
        // The first start paints its picture and keeps it once it is up.
        let first = try Screen(RecordingSink(), window: Self.window, scale: scale, leaves: leaves)
        first.pictureCache = cache
        first.startFirstPicture(of: Self.picture)
        #expect(first.firstPicture != nil && first.firstPicture?.kept == nil)
        first.settleFirstPicture(check: true, picture: Self.picture)
        #expect(first.firstPicture == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).contains { $0.hasSuffix(".picture") })
        // The next start shows it from the file, the same pixels, and the check finds nothing to replace.
        let sink = RecordingSink()
        let second = try Screen(sink, window: Self.window, scale: scale, leaves: leaves)
        second.pictureCache = cache
        second.startFirstPicture(of: Self.picture)
        #expect(second.firstPicture?.kept != nil)
        let sameKeys = same(second.keys, first.keys), sameHandle = same(second.handle, first.handle)
        #expect(sameKeys && sameHandle)
        second.settleFirstPicture(check: true, picture: Self.picture)
        #expect(sink.puts.isEmpty, "a kept picture that matches a fresh paint is not put again")
        let stillSame = same(second.keys, first.keys)
        #expect(stillSame)
    }

    @Test func aKeptPictureThatDiffersIsReplacedOnScreen() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-screen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = PictureCache(directory: directory)
        let first = try Screen(RecordingSink(), window: Self.window, scale: nil)
        first.pictureCache = cache
        first.startFirstPicture(of: Self.picture)
        // What was kept is not what a fresh paint gives (as after a font changed): black keys.
        first.keys = try Canvas(size: first.keysSize)
        first.settleFirstPicture(check: true, picture: Self.picture)
        let sink = RecordingSink()
        let second = try Screen(sink, window: Self.window, scale: nil)
        second.pictureCache = cache
        second.startFirstPicture(of: Self.picture)
        #expect(second.firstPicture?.kept != nil)
        second.settleFirstPicture(check: true, picture: Self.picture)
        #expect(sink.damage == [second.wholeKeys], "the fresh paint goes up whole")
        let fresh = try Canvas(size: second.keysSize)
        KeyboardPainter(theme: .system).paintAll(Self.picture, on: fresh)
        let replaced = same(second.keys, fresh)
        #expect(replaced)
    }

    @Test func thePictureKeyNamesTheWindowSizeAndScale() {
        let size = Size(width: 800, height: 300)
        let one = PaintedScreen.frameKey(window: size, scale: DisplayScale(factor: 1))
        #expect(one != PaintedScreen.frameKey(window: size, scale: DisplayScale(factor: 2)))
        #expect(one != PaintedScreen.frameKey(window: Size(width: 801, height: 300), scale: DisplayScale(factor: 1)))
        #expect(one == PaintedScreen.frameKey(window: size, scale: DisplayScale(factor: 1)))
    }

    func overlap(_ a: Rect, _ b: Rect) -> Bool { a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY }

    /// Whether two canvases hold the same pixels.
    func same(_ a: borrowing Canvas, _ b: borrowing Canvas) -> Bool {
        guard a.size == b.size else { return false }
        return (0..<a.size.height).allSatisfy { y in
            memcmp(a.data + y * a.stride, b.data + y * b.stride, a.size.width * 4) == 0
        }
    }
}
