import ClavierCore
import ClavierX11
import Glibc
import Testing
@testable import clavier

@Suite struct FloatingFrameTests {
    @Test func theKeysTakeWhatTheHandleLeavesAtEveryScale() {
        for factor in [1.0, 1.5, 2.0] {
            let frame = FloatingFrame(scale: DisplayScale(factor: factor)) { _ in }
            let keys = frame.keysSize(window: Size(width: 800, height: 300))
            #expect(keys == Size(width: 800, height: 300 - frame.handleHeight))
            #expect(frame.handleHeight == Int((18 * factor).rounded()))
        }
    }

    @Test func theGripSitsInTheKeysBottomRightCorner() {
        let frame = FloatingFrame(scale: DisplayScale(factor: 1)) { _ in }
        let keys = Size(width: 800, height: 282)
        let grip = frame.grip(keys: keys)
        #expect(grip.maxX == keys.width && grip.maxY == keys.height)
        #expect(grip.width == FloatFrame.gripSize && grip.height == FloatFrame.gripSize)
    }

    @Test func thePictureKeyNamesTheWindowSizeAndScale() {
        let one = FloatingFrame(scale: DisplayScale(factor: 1)) { _ in }
        let two = FloatingFrame(scale: DisplayScale(factor: 2)) { _ in }
        let size = Size(width: 800, height: 300)
        #expect(one.pictureKey(window: size) != two.pictureKey(window: size))
        #expect(one.pictureKey(window: size) != one.pictureKey(window: Size(width: 801, height: 300)))
        #expect(one.pictureKey(window: size) == FloatingFrame(scale: DisplayScale(factor: 1)) { _ in }.pictureKey(window: size))
    }
}

/// The frame's routing on a real (unmapped) window of the test's X server.
@Suite(.enabled(if: Glibc.getenv("DISPLAY") != nil, "needs an X server: make test starts one"))
struct FloatingFramePointerTests {
    @Test func pressesOnTheKeysReachTheReducerBelowTheHandleAndPressesOnTheHandleDoNot() throws {
        let display = try Display(name: nil)
        let window = try KeyboardWindow(display: display, placement: .floating(Rect(x: 100, y: 100, width: 400, height: 200)))
        var moves: [Rect] = []
        let frame = FloatingFrame(scale: DisplayScale(factor: 1)) { moves.append($0) }
        let onKeys = Point(x: 50, y: 100)
        #expect(frame.route(.press(onKeys), window: window) == .press(Point(x: 50, y: 100 - Double(frame.handleHeight))))
        #expect(frame.route(.release(onKeys), window: window) == .release(Point(x: 50, y: 100 - Double(frame.handleHeight))))
        // No window manager runs here: the frame drags the window itself, and says where it ended up.
        let onHandle = Point(x: 200, y: 5)
        #expect(frame.route(.press(onHandle), window: window) == nil)
        #expect(frame.route(.motion(onHandle), window: window) == nil)
        #expect(frame.route(.release(onHandle), window: window) == nil)
        #expect(moves.count == 1)
    }
}
