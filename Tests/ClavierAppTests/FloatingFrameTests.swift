import ClavierCore
import ClavierX11
import Glibc
import Testing
@testable import ClavierApp
@testable import ClavierWaylandHost

/// The frame's routing decides, without X: the keys' events in their coordinates, the
/// handle's and the grip's as steps of a move or resize for `XHost.route` to carry out.
@Suite struct FloatingFrameRouteTests {
    let size = Size(width: 400, height: 200)

    @Test func pressesOnTheKeysReachTheReducerBelowTheHandle() {
        let frame = FloatingFrame(scale: DisplayScale(factor: 1)) { _ in }
        let onKeys = Point(x: 50, y: 100), below = Point(x: 50, y: 100 - Double(frame.handleHeight))
        #expect(frame.route(.press(onKeys), window: size) { Point(x: 0, y: 0) } == .keys(.press(below)))
        #expect(frame.route(.motion(onKeys), window: size) { Point(x: 0, y: 0) } == .keys(.motion(below)))
        #expect(frame.route(.release(onKeys), window: size) { Point(x: 0, y: 0) } == .keys(.release(below)))
        #expect(frame.route(.tick, window: size) { Point(x: 0, y: 0) } == .keys(.tick))
    }

    @Test func aDragOfTheHandleMovesTheWindowAndEnds() {
        let frame = FloatingFrame(scale: DisplayScale(factor: 1)) { _ in }
        let onHandle = Point(x: 200, y: 5)
        #expect(frame.route(.press(onHandle), window: size) { Point(x: 0, y: 0) } == .begin(.handle))
        // No window manager took it: our own drag, from the pointer at (300, 105) on the screen.
        frame.startDrag(.handle, pointer: Point(x: 300, y: 105), window: Rect(x: 100, y: 100, width: 400, height: 200))
        #expect(frame.route(.press(onHandle), window: size) { Point(x: 0, y: 0) } == .nothing)
        #expect(frame.route(.motion(onHandle), window: size) { Point(x: 310, y: 125) } == .place(Rect(x: 110, y: 120, width: 400, height: 200)))
        #expect(frame.route(.release(onHandle), window: size) { Point(x: 310, y: 125) } == .end)
        // The drag is over: the next motion is the keys' again.
        #expect(frame.route(.motion(Point(x: 50, y: 100)), window: size) { Point(x: 0, y: 0) } == .keys(.motion(Point(x: 50, y: 100 - Double(frame.handleHeight)))))
    }

    @Test func aDragOfTheGripResizesNoSmallerThanTheLeast() {
        let frame = FloatingFrame(scale: DisplayScale(factor: 1)) { _ in }
        let grip = FloatFrame(size: size, scale: frame.scale).gripInKeys
        let onGrip = Point(x: Double(grip.x + grip.width / 2), y: Double(grip.y + grip.height / 2 + frame.handleHeight))
        #expect(frame.route(.press(onGrip), window: size) { Point(x: 0, y: 0) } == .begin(.resizeGrip))
        frame.startDrag(.resizeGrip, pointer: Point(x: 500, y: 300), window: Rect(x: 100, y: 100, width: 400, height: 200))
        #expect(frame.route(.motion(onGrip), window: size) { Point(x: 540, y: 320) } == .place(Rect(x: 100, y: 100, width: 440, height: 220)))
        #expect(frame.route(.motion(onGrip), window: size) { Point(x: 0, y: 0) } == .place(Rect(x: 100, y: 100, width: FloatFrame.minimumSize.width,
                                                                                   height: FloatFrame.minimumSize.height)))
    }
}

/// Wayland's frame (`WaylandFloat`): the surface moves once, where the drag ends, and that
/// place is kept before the surface is made again there (the placement reads it).
@Suite struct WaylandFloatRouteTests {
    @Test func aDragOfTheHandleMovesTheSurfaceOnceWhereItEndsKeptFirst() {
        var kept: Rect?
        let float = WaylandFloat(rect: Rect(x: 100, y: 100, width: 400, height: 200), scale: 1) { kept = $0 }
        let size = Size(width: 400, height: 200)
        var placed: [(to: Rect, kept: Rect?)] = []
        #expect(float.route(.press(Point(x: 200, y: 5)), surface: size) { placed.append(($0, kept)) } == nil)
        #expect(float.route(.motion(Point(x: 230, y: 15)), surface: size) { placed.append(($0, kept)) } == nil)
        #expect(placed.isEmpty, "not moved while the drag goes on")
        #expect(float.route(.release(Point(x: 250, y: 25)), surface: size) { placed.append(($0, kept)) } == nil)
        let moved = Rect(x: 150, y: 120, width: 400, height: 200)
        #expect(placed.map(\.to) == [moved] && placed.first?.kept == moved && float.rect == moved)
        // The keys' events come through below the handle once it is over.
        #expect(float.route(.press(Point(x: 50, y: 100)), surface: size) { _ in } == .press(Point(x: 50, y: 100 - Double(float.handleHeight))))
    }
}
