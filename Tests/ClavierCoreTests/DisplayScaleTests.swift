import ClavierCore
import Testing

struct DisplayScaleTests {
    @Test func xftDPIComesFromTheResources() {
        #expect(DisplayScale.xftDPI(inResources: "Xft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n") == 192)
        #expect(DisplayScale.xftDPI(inResources: "Xcursor.size:\t24\n") == nil)
        #expect(DisplayScale.xftDPI(inResources: "Xft.dpi:\tlots\n") == nil)
    }

    @Test func theOverrideWinsThenXftThenTheMonitor() {
        let monitor = Size(width: 3840, height: 2160), mm = Size(width: 344, height: 194)  // a 14" 4K panel
        #expect(DisplayScale.detect(override: 1.5, xftDPI: 192, monitor: monitor, millimetres: mm).factor == 1.5)
        #expect(DisplayScale.detect(override: nil, xftDPI: 192, monitor: monitor, millimetres: mm).factor == 2)
        #expect(DisplayScale.detect(override: nil, xftDPI: nil, monitor: monitor, millimetres: mm).factor == 3)
        // Xvfb's 100 dpi and a missing EDID both stay at 1.
        #expect(DisplayScale.detect(override: nil, xftDPI: nil, monitor: Size(width: 1280, height: 800),
                                    millimetres: Size(width: 325, height: 203)).factor == 1)
        #expect(DisplayScale.detect(override: nil, xftDPI: nil, monitor: monitor, millimetres: Size(width: 0, height: 0)).factor == 1)
        #expect(DisplayScale(factor: 40).factor == DisplayScale.range.upperBound)
    }

    @Test func theFloatingFrameGrowsWithTheScale() {
        let frame = FloatFrame(size: Size(width: 1200, height: 500), scale: DisplayScale(factor: 2))
        #expect(frame.handleHeight == 2 * FloatFrame.handleHeight)
        #expect(frame.keysArea.y == 2 * FloatFrame.handleHeight)
        #expect(frame.part(at: Point(x: 600, y: Double(FloatFrame.handleHeight + 2))) == .handle)
        #expect(frame.part(at: Point(x: 1200 - 30, y: 500 - 30)) == .resizeGrip)
        let dragged = FloatFrame.dragged(Rect(x: 0, y: 0, width: 600, height: 300), part: .resizeGrip, dx: -1000, dy: -1000,
                                         scale: DisplayScale(factor: 2))
        #expect(dragged.width == 2 * FloatFrame.minimumSize.width && dragged.height == 2 * FloatFrame.minimumSize.height)
    }
}
