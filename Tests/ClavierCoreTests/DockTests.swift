import ClavierCore
import Testing

struct DockTests {
    @Test func parsesPixelsAndPercent() {
        #expect(DockHeight(parsing: "300") == .pixels(300))
        #expect(DockHeight(parsing: "300px") == .pixels(300))
        #expect(DockHeight(parsing: "35%") == .percent(35))
        for bad in ["", "0", "-5", "abc", "120%", "0%", "3x"] { #expect(DockHeight(parsing: bad) == nil, "\(bad)") }
    }

    /// Five rows of 16 mm on a 96 dpi laptop panel (800 px in 212 mm): 80 × 800 / 212 = 301.9,
    /// rounded to 302 px.
    @Test func physicalHeightFollowsTheMonitorsDensity() {
        let h = DockHeight.physical.pixels(monitor: Size(width: 1280, height: 800),
                                           millimetres: Size(width: 339, height: 212), rows: 5)
        #expect(h == 302)
        // Twice the pixels in the same millimetres: twice as tall, 80 × 1600 / 212 = 603.8.
        let hiDPI = DockHeight.physical.pixels(monitor: Size(width: 2560, height: 1600),
                                               millimetres: Size(width: 339, height: 212), rows: 5)
        #expect(hiDPI == 604)
    }

    @Test func physicalHeightIsClampedToTheMonitor() {
        // A tiny 7" panel: five 16 mm rows would be most of it.
        let small = DockHeight.physical.pixels(monitor: Size(width: 800, height: 480),
                                               millimetres: Size(width: 154, height: 86), rows: 5)
        #expect(small == 240)
        // A wall display: 16 mm rows are a sliver.
        let wall = DockHeight.physical.pixels(monitor: Size(width: 1920, height: 1080),
                                              millimetres: Size(width: 1000, height: 562), rows: 4)
        #expect(wall == 162)
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
