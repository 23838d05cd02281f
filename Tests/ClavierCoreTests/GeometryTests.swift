import ClavierBuiltins
import Testing
@testable import ClavierCore

@Suite struct GeometryTests {
    let letters = Layout.us.page(id: "letters")!

    @Test(arguments: [Size(width: 1280, height: 330), Size(width: 800, height: 260), Size(width: 320, height: 216)])
    func keysFitTheWindowAndDoNotOverlap(size: Size) {
        let geometry = PageGeometry(page: letters, size: size)
        #expect(geometry.frames.count == letters.keys.count)
        for frame in geometry.frames {
            #expect(frame.rect.x >= 0 && frame.rect.y >= 0)
            #expect(frame.rect.maxX <= size.width && frame.rect.maxY <= size.height)
            #expect(frame.rect.width > 0 && frame.rect.height > 0)
        }
        for (i, a) in geometry.frames.enumerated() {
            for b in geometry.frames[(i + 1)...] {
                let overlaps = a.rect.x < b.rect.maxX && b.rect.x < a.rect.maxX
                    && a.rect.y < b.rect.maxY && b.rect.y < a.rect.maxY
                #expect(!overlaps, "\(a.key.id) overlaps \(b.key.id)")
            }
        }
    }

    /// Issue 18: a layout built in code may hold any positive width; the geometry clamps it
    /// to `Key.widthRange` instead of trapping on a conversion of an infinite or NaN pixel.
    @Test(arguments: [Double.greatestFiniteMagnitude, .infinity, .leastNonzeroMagnitude, 1e-300])
    func anyKeyWidthLaysOutInsideTheWindow(_ width: Double) {
        let wide = Key(id: "w", label: .text("w"), action: .text("w"), width: width)
        let page = Page(id: "p", rows: [Row([.character("a"), wide]), Row([wide, wide, wide])])
        let size = Size(width: 1280, height: 330)
        let geometry = PageGeometry(page: page, size: size)
        for frame in geometry.frames {
            #expect(frame.rect.x >= 0 && frame.rect.maxX <= size.width && frame.rect.width >= 0, "\(frame.rect)")
        }
        let clamped = min(max(width, Key.widthRange.lowerBound), Key.widthRange.upperBound)
        #expect(page.rows[1].units == 3 * clamped)
    }

    @Test func keysScaleWithTheKeyboardNotInFixedPixels() {
        let small = PageGeometry(page: letters, size: Size(width: 640, height: 165))
        let large = PageGeometry(page: letters, size: Size(width: 1280, height: 330))
        let q1 = small.frame(id: "q")!.rect, q2 = large.frame(id: "q")!.rect
        #expect(abs(Double(q2.width) / Double(q1.width) - 2) < 0.1)
        #expect(abs(Double(q2.height) / Double(q1.height) - 2) < 0.1)
    }

    @Test func relativeWidthsAreKept() {
        let g = PageGeometry(page: letters, size: Size(width: 1280, height: 330))
        let space = g.frame(id: "space")!.rect.width, q = g.frame(id: "q")!.rect.width
        #expect(space > 4 * q && space < 6 * q)
        #expect(g.frame(id: "shift")!.rect.width > q)
    }

    @Test func theShorterRowIsCentred() {
        let g = PageGeometry(page: letters, size: Size(width: 1280, height: 330))
        let a = g.frame(id: "a")!.rect, l = g.frame(id: "l")!.rect
        #expect(abs(a.x - (1280 - l.maxX)) <= 1)
        #expect(a.x > g.frame(id: "q")!.rect.x)
    }

    @Test func aPressInsideAKeyHitsIt() {
        let g = PageGeometry(page: letters, size: Size(width: 1280, height: 330))
        for frame in g.frames {
            #expect(g.key(at: Point(x: frame.rect.midX, y: frame.rect.midY))?.id == frame.key.id)
        }
    }

    @Test func aPressInAGapGoesToTheNearestKey() {
        let g = PageGeometry(page: letters, size: Size(width: 1280, height: 330))
        let q = g.frame(id: "q")!.rect, w = g.frame(id: "w")!.rect
        // One pixel right of q, in the gap between q and w.
        #expect(g.key(at: Point(x: Double(q.maxX) + 1, y: q.midY))?.id == "q")
        #expect(g.key(at: Point(x: Double(w.x) - 1, y: q.midY))?.id == "w")
        // Above the first row, left of the centred row, below the last.
        #expect(g.key(at: Point(x: q.midX, y: 0))?.id == "q")
        let a = g.frame(id: "a")!.rect
        #expect(g.key(at: Point(x: 1, y: a.midY))?.id == "a")
        #expect(g.key(at: Point(x: g.frame(id: "space")!.rect.midX, y: 329.5))?.id == "space")
    }

    @Test func everyPointOfTheWindowHitsSomeKey() {
        let g = PageGeometry(page: letters, size: Size(width: 800, height: 260))
        for y in stride(from: 0.0, to: 260, by: 7) {
            for x in stride(from: 0.0, to: 800, by: 7) {
                #expect(g.key(at: Point(x: x, y: y)) != nil)
            }
        }
    }

    @Test func parsesSizesAndGeometries() {
        #expect(Size(parsing: "800x260") == Size(width: 800, height: 260))
        #expect(Size(parsing: "800x") == nil)
        #expect(Size(parsing: "0x10") == nil)
        let g = WindowGeometry(parsing: "600x200+10+20")!
        #expect(g.rect(on: Size(width: 1280, height: 800)) == Rect(x: 10, y: 20, width: 600, height: 200))
        let corner = WindowGeometry(parsing: "600x200-0-0")!
        #expect(corner.rect(on: Size(width: 1280, height: 800)) == Rect(x: 680, y: 600, width: 600, height: 200))
        #expect(WindowGeometry(parsing: "600x200+10") == nil)
        #expect(WindowGeometry(parsing: "abc") == nil)
        #expect(WindowGeometry(parsing: "600x200")?.rect(on: Size(width: 1, height: 1)).width == 600)
    }

    /// Issue 18: `WxH-X-Y` from the right subtracts both W and X from the screen's width: at
    /// Int.max each (a config's `geometry:`) that overflowed. X11 takes 16-bit figures.
    @Test func aGeometryPastXsFiguresIsRefused() {
        #expect(WindowGeometry(parsing: "9223372036854775807x1-9223372036854775807+0") == nil)
        #expect(WindowGeometry(parsing: "32768x200+0+0") == nil && WindowGeometry(parsing: "600x200+0+32768") == nil)
        let largest = WindowGeometry(parsing: "32767x32767-32767-32767")
        #expect(largest?.rect(on: Size(width: 1, height: 1)) == Rect(x: -65533, y: -65533, width: 32767, height: 32767))
    }

    @Test func dockedHeightFollowsTheScreen() {
        #expect(Size.dockedHeight(screen: Size(width: 1280, height: 800)) == 330)
        #expect(Size.dockedHeight(screen: Size(width: 1920, height: 400)) == 180)
    }
}
