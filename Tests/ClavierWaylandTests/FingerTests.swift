import ClavierCore
import ClavierTestSupport
import ClavierWayland
import Testing

/// Every finger is its own pointer on Wayland, as with XI2 on X: the touch listener's events,
/// fed as the compositor would send them (headless sway has no touch device), come out as
/// presses, motions and releases of pointers 1, 2 …, in buffer pixels.
@Suite(.serialized, .enabled(if: Harness.which("sway") != nil, "sway is not installed (tools/install-deps test installs it)"))
struct FingerTests {
    @Test func twoFingersAreTwoPointersAndACancelLosesBoth() throws {
        let sway = try HeadlessSway()
        let connection = try WaylandConnection(name: sway.waylandDisplay)
        #expect(connection.hasLayerShell)
        let size = try #require(connection.makeSurface(on: nil, .docked(.bottom, height: 300)))
        #expect(size == Size(width: 1280, height: 300))
        _ = connection.events()
        connection.feedTouch(.down, id: 7, at: Point(x: 10, y: 20))
        connection.feedTouch(.down, id: 9, at: Point(x: 300, y: 40))
        connection.feedTouch(.motion, id: 7, at: Point(x: 15, y: 25))
        connection.feedTouch(.up, id: 7, at: Point(x: 0, y: 0))
        // The first finger's slot is free again: a new finger takes it.
        connection.feedTouch(.down, id: 11, at: Point(x: 50, y: 60))
        connection.feedTouch(.cancel, id: 0, at: Point(x: 0, y: 0))
        let events = connection.events()
        #expect(events == [
            .window(.pointer(.press(Point(x: 10, y: 20), pointer: 1))),
            .window(.pointer(.press(Point(x: 300, y: 40), pointer: 2))),
            .window(.pointer(.motion(Point(x: 15, y: 25), pointer: 1))),
            // A finger's release is where it last was (wl_touch.up carries no place).
            .window(.pointer(.release(Point(x: 15, y: 25), pointer: 1))),
            .window(.pointer(.press(Point(x: 50, y: 60), pointer: 1))),
            .window(.pointerLost(pointer: 1)),
            .window(.pointerLost(pointer: 2)),
        ])
    }

    @Test func aFingerOnAScaledOutputIsInBufferPixels() throws {
        let sway = try HeadlessSway()
        _ = try sway.swaymsg(["output", "HEADLESS-1", "scale", "2"])
        let connection = try WaylandConnection(name: sway.waylandDisplay)
        #expect(connection.output(named: nil)?.scale == 2)
        let size = try #require(connection.makeSurface(on: nil, .docked(.bottom, height: 150)))
        #expect(size == Size(width: 1280, height: 300))
        _ = connection.events()
        connection.feedTouch(.down, id: 1, at: Point(x: 100, y: 50))
        #expect(connection.events() == [.window(.pointer(.press(Point(x: 200, y: 100), pointer: 1)))])
    }
}
