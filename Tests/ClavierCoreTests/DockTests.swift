import ClavierCore
import Testing

struct DockTests {
    @Test func parsesPixelsAndPercent() {
        #expect(DockHeight(parsing: "300") == .pixels(300))
        #expect(DockHeight(parsing: "300px") == .pixels(300))
        #expect(DockHeight(parsing: "35%") == .percent(35))
        for bad in ["", "0", "-5", "abc", "120%", "0%", "3x"] { #expect(DockHeight(parsing: bad) == nil, "\(bad)") }
    }

    /// `DockHeight.physical` for `rows` rows on a monitor of `monitor` pixels and `millimetres`.
    func physicalHeight(monitor: (Int, Int), millimetres: (Int, Int), rows: Int = 5) -> Int {
        DockHeight.physical.pixels(monitor: Size(width: monitor.0, height: monitor.1),
                                   millimetres: Size(width: millimetres.0, height: millimetres.1), rows: rows)
    }

    /// Five rows of 16 mm on a 96 dpi laptop panel (800 px in 212 mm): 80 × 800 / 212 = 301.9,
    /// rounded to 302 px.
    @Test func physicalHeightFollowsTheMonitorsDensity() {
        #expect(physicalHeight(monitor: (1280, 800), millimetres: (339, 212)) == 302)
        // Twice the pixels in the same millimetres: twice as tall, 80 × 1600 / 212 = 603.8.
        #expect(physicalHeight(monitor: (2560, 1600), millimetres: (339, 212)) == 604)
    }

    @Test func physicalHeightIsClampedToTheMonitor() {
        // A tiny 7" panel: five 16 mm rows would be most of it.
        #expect(physicalHeight(monitor: (800, 480), millimetres: (154, 86)) == 240)
        // A wall display: 16 mm rows are a sliver.
        #expect(physicalHeight(monitor: (1920, 1080), millimetres: (1000, 562), rows: 4) == 162)
    }

    @Test func unknownOrImplausibleMillimetresFallBackToTheProportionalDefault() {
        let screen = Size(width: 1280, height: 800)
        #expect(DockHeight.physical.pixels(monitor: screen, millimetres: Size(width: 0, height: 0), rows: 5)
                == Size.dockedHeight(screen: screen))
        #expect(DockHeight.physical.pixels(monitor: screen, millimetres: Size(width: 1, height: 1), rows: 5)
                == Size.dockedHeight(screen: screen))
    }

    @Test func explicitHeights() {
        let screen = Size(width: 1280, height: 800)
        #expect(DockHeight.pixels(300).pixels(monitor: screen, millimetres: Size(width: 0, height: 0), rows: 5) == 300)
        #expect(DockHeight.pixels(3000).pixels(monitor: screen, millimetres: Size(width: 0, height: 0), rows: 5) == 800)
        #expect(DockHeight.percent(25).pixels(monitor: screen, millimetres: Size(width: 0, height: 0), rows: 5) == 200)
    }
}
