import ClavierCore
import Testing

struct FloatFrameTests {
    @Test func partsOfTheFrame() {
        let frame = FloatFrame(size: Size(width: 600, height: 200))
        #expect(frame.part(at: Point(x: 300, y: 5)) == .handle)
        #expect(frame.part(at: Point(x: 595, y: 195)) == .resizeGrip)
        #expect(frame.part(at: Point(x: 300, y: 100)) == .keys)
        #expect(frame.part(at: Point(x: 595, y: 100)) == .keys)
        #expect(frame.keysArea == Rect(x: 0, y: FloatFrame.handleHeight, width: 600, height: 200 - FloatFrame.handleHeight))
        #expect(frame.gripInKeys.maxX == 600 && frame.gripInKeys.maxY == 200 - FloatFrame.handleHeight)
    }

    @Test func draggingMovesOrResizes() {
        let start = Rect(x: 100, y: 100, width: 400, height: 200)
        #expect(FloatFrame.dragged(start, part: .handle, dx: -30, dy: 20) == Rect(x: 70, y: 120, width: 400, height: 200))
        #expect(FloatFrame.dragged(start, part: .resizeGrip, dx: 50, dy: -10) == Rect(x: 100, y: 100, width: 450, height: 190))
        #expect(FloatFrame.dragged(start, part: .resizeGrip, dx: -1000, dy: -1000).width == FloatFrame.minimumSize.width)
        #expect(FloatFrame.dragged(start, part: .keys, dx: 5, dy: 5) == start)
    }

    @Test func defaultSitsNearTheBottomOfTheMonitor() {
        let monitor = Rect(x: 1280, y: 0, width: 1200, height: 900)
        let r = FloatFrame.defaultRect(monitor: monitor)
        #expect(r.width == 800 && r.x == 1280 + 200)
        #expect(r.maxY < monitor.maxY && r.maxY > monitor.maxY - 100)
    }

    @Test func aWindowOffTheScreenComesBack() {
        let screen = Size(width: 1024, height: 768)
        let r = FloatFrame.clamped(Rect(x: 3000, y: -50, width: 5000, height: 50), to: screen)
        #expect(r.width == 1024 && r.height == FloatFrame.minimumSize.height && r.y == 0)
        #expect(r.x < screen.width && r.maxX > 0)
        let inside = Rect(x: 10, y: 20, width: 400, height: 200)
        #expect(FloatFrame.clamped(inside, to: screen) == inside)
    }
}
