import ClavierCore
import Testing

@Suite struct ButtonDragTests {
    @Test func aPressThatStaysWithinTheSlopIsATap() {
        var drag = ButtonDrag(slop: 8)
        drag.press(at: Point(x: 100, y: 100), origin: Point(x: 90, y: 90))
        #expect(drag.motion(to: Point(x: 105, y: 104)) == nil)
        #expect(drag.release(at: Point(x: 104, y: 105)) == .tap)
        #expect(!drag.isPressed)
    }

    @Test func aPressThatTravelsMovesTheButtonWithThePointer() {
        var drag = ButtonDrag(slop: 8)
        drag.press(at: Point(x: 100, y: 100), origin: Point(x: 90, y: 90))
        #expect(drag.motion(to: Point(x: 130, y: 100)) == Point(x: 120, y: 90))
        // Once a drag, always a drag: coming back near the start does not make it a tap.
        #expect(drag.motion(to: Point(x: 102, y: 100)) == Point(x: 92, y: 90))
        #expect(drag.release(at: Point(x: 60, y: 50)) == .moved(Point(x: 50, y: 40)))
    }

    @Test func aReleaseWithoutAPressIsNothing() {
        var drag = ButtonDrag()
        #expect(drag.release(at: Point(x: 1, y: 1)) == .none)
        #expect(drag.motion(to: Point(x: 50, y: 50)) == nil)
    }

    @Test func theButtonStaysOnScreen() {
        let size = Size(width: 60, height: 40), screen = Size(width: 800, height: 600)
        #expect(ButtonDrag.clamped(Point(x: -20, y: 590), size: size, screen: screen) == Point(x: 0, y: 560))
        #expect(ButtonDrag.clamped(Point(x: 900, y: -3), size: size, screen: screen) == Point(x: 740, y: 0))
        #expect(ButtonDrag.clamped(Point(x: 10, y: 20), size: size, screen: screen) == Point(x: 10, y: 20))
    }
}
