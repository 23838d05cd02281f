import ClavierCore
import Testing
@testable import ClavierApp

/// The running keyboard's behaviour, on a recording host with the test's clock: what is
/// typed, shown and hidden, for each way the session hears of things. No X server.
@Suite struct KeyboardAppTests {
    /// Holds BackSpace with the mouse until it has repeated.
    func holdBackSpace(_ t: AppUnderTest) {
        t.app.send(.input(.press(t.centre("backspace"))))
        t.wait(1000)
        #expect(t.host.log.filter { $0 == "type 0xff08" }.count > 3, "BackSpace repeats while held")
    }

    func typedAfter(_ t: AppUnderTest, waiting ms: Int) -> Int {
        let before = t.host.log.count
        t.wait(ms)
        return t.host.log[before...].filter { $0.hasPrefix("type") }.count
    }

    @Test func tapsTypeAndHideEndsEveryPress() {
        let t = AppUnderTest()
        t.tap("h")
        t.tap("i")
        #expect(t.host.typed == "hi")
        holdBackSpace(t)
        #expect(t.request(.hide) == .ok(nil))
        #expect(!t.host.mapped && typedAfter(t, waiting: 3000) == 0, "hidden: the press ended, no repeat")
        #expect(t.keyboard.pressed.isEmpty && t.app.session.nextDeadline(after: t.now) == nil)
    }

    /// Issue 23, item 1: another client unmaps the window, or the window manager iconifies
    /// it, while a key repeats: the press ends, the repeat stops, the preview goes; the
    /// release that never comes and later taps start nothing again.
    @Test func anUnmapFromOutsideEndsThePressAndItsRepeat() {
        let t = AppUnderTest()
        holdBackSpace(t)
        t.app.send(.input(.press(t.centre("h"), pointer: 7)))
        #expect(t.host.previewUp, "a finger holds h: its preview is up")
        t.app.send(.windowUnmapped)
        #expect(typedAfter(t, waiting: 3000) == 0, "no repeat once the window went")
        #expect(!t.host.previewUp && t.keyboard.pressed.isEmpty)
        #expect(t.request(.status).lines.first == "hidden", "status says what is so")
        #expect(t.request(.show) == .ok(nil) && t.host.mapped)
        t.tap("a")
        #expect(typedAfter(t, waiting: 3000) == 0 && t.host.log.last(where: { $0.hasPrefix("type") }) == "type a")
    }

    /// Issue 23, item 1: the pointer that holds a repeating key is taken by another client
    /// (the X side's `.pointerLost`): that press ends typing nothing, its preview goes, the
    /// window stays, a finger's press goes on, and a key with alternates held by the lost
    /// pointer types nothing.
    @Test func aLostPointerEndsItsPressAndItsRepeatOnly() {
        let t = AppUnderTest()
        holdBackSpace(t)
        t.app.send(.input(.lost(pointer: 0)))
        #expect(typedAfter(t, waiting: 3000) == 0 && !t.host.previewUp && t.keyboard.pressed.isEmpty)
        #expect(t.host.mapped && t.request(.status).lines.first == "visible")
        t.app.send(.input(.press(t.centre("e"))))
        t.app.send(.input(.press(t.centre("h"), pointer: 7)))
        t.app.send(.input(.lost(pointer: 0)))
        #expect(t.keyboard.pressed == [7: "h"] && t.host.previewUp, "the finger still holds h")
        t.app.send(.input(.release(t.centre("e"))))
        t.app.send(.input(.release(t.centre("h"), pointer: 7)))
        #expect(t.host.log.last(where: { $0.hasPrefix("type") }) == "type h", "e, whose pointer went, typed nothing")
    }

    @Test func aKioskKeyboardUnmappedFromOutsideComesBackWithThePressEnded() {
        var options = Session.Options()
        options.kiosk = true
        let t = AppUnderTest(options)
        holdBackSpace(t)
        t.app.send(.windowUnmapped)
        #expect(Array(t.host.log.suffix(2)) == ["hide", "show"], "a kiosk keyboard is always there")
        #expect(typedAfter(t, waiting: 3000) == 0 && t.keyboard.pressed.isEmpty)
    }

    /// Issue 23, item 9: a window another program destroyed is made again; a kiosk's is
    /// shown at once, and status never says what is not so.
    @Test func aDestroyedWindowIsMadeAgain() {
        var options = Session.Options()
        options.kiosk = true
        let kiosk = AppUnderTest(options)
        kiosk.app.send(.windowDestroyed)
        #expect(Array(kiosk.host.log.suffix(2)) == ["recreate", "show"])
        #expect(kiosk.request(.status).lines.first == "visible")
        let plain = AppUnderTest()
        plain.app.send(.windowDestroyed)
        #expect(plain.host.log.contains("recreate") && !plain.host.mapped)
        #expect(plain.request(.status).lines.first == "hidden")
        #expect(plain.request(.show) == .ok(nil) && plain.host.log.last == "show")
    }

    @Test func theHideKeyHidesExceptInAKiosk() {
        let t = AppUnderTest()
        t.tap("hide")
        #expect(!t.host.mapped)
        var options = Session.Options()
        options.kiosk = true
        let kiosk = AppUnderTest(options)
        kiosk.tap("hide")
        #expect(kiosk.host.mapped && !kiosk.host.log.contains("hide"))
    }

    @Test func theCloseButtonQuitsExceptAKiosk() {
        let t = AppUnderTest()
        t.app.send(.closeAsked)
        #expect(!t.app.running)
        var options = Session.Options()
        options.kiosk = true
        let kiosk = AppUnderTest(options)
        kiosk.app.send(.closeAsked)
        #expect(kiosk.app.running)
    }

    @Test func aDwellRestTypesOnce() {
        var options = Session.Options()
        options.dwell = .milliseconds(400)
        let t = AppUnderTest(options)
        t.app.send(.hover(t.centre("g")))
        t.wait(300)
        #expect(t.app.session.marks.dwell?.target == .key("g"), "the fill is drawn on the key")
        t.wait(2000)
        #expect(t.host.typed == "g")
    }

    /// Issue 23, item 5: a keyboard shown (or started) under a still pointer types nothing
    /// there; the first movement to a key dwells as usual.
    @Test func aDwellWaitsForAMovementAfterTheKeyboardShows() {
        var options = Session.Options()
        options.dwell = .milliseconds(300)
        let t = AppUnderTest(options)
        t.app.send(.windowMapped(pointer: t.centre("h")))
        t.app.send(.hover(t.centre("h")))
        t.wait(2000)
        #expect(t.host.typed == "")
        _ = t.request(.hide)
        _ = t.request(.show)
        t.app.send(.windowMapped(pointer: t.centre("h")))
        t.app.send(.hover(t.centre("h")))
        t.wait(2000)
        #expect(t.host.typed == "", "shown again under the still pointer")
        t.app.send(.hover(t.centre("j")))
        t.wait(400)
        #expect(t.host.typed == "j")
    }

    @Test func aScanSelectsARowThenAKeyAndTypesAsTheSwitchComesUp() {
        var options = Session.Options()
        options.scanSwitches = 1
        options.scanInterval = .milliseconds(500)
        let t = AppUnderTest(options)
        #expect(t.request(.status).lines.last == "scan: row 1")
        t.app.send(.switchKey(0, down: true))
        t.app.send(.switchKey(0, down: false))
        #expect(t.request(.status).lines.last == "scan: key q")
        t.wait(500)
        t.app.send(.switchKey(0, down: true))
        #expect(t.host.typed == "", "typed as the switch comes up")
        t.app.send(.switchKey(0, down: false))
        #expect(t.host.typed == "w")
    }

    @Test func aScanSwitchBringsBackAHiddenKeyboard() {
        var options = Session.Options()
        options.scanSwitches = 2
        let t = AppUnderTest(options)
        _ = t.request(.hide)
        #expect(t.request(.status).lines.last == "scan: paused")
        t.app.send(.switchKey(1, down: true))
        #expect(t.host.mapped)
    }

    @Test func aRuleSwitchesTheLayoutAndHidesAndTheBaseComesBack() {
        var options = Session.Options()
        options.rules = [WindowRule(windowClass: "XTerm", layout: "terminal"), WindowRule(windowClass: "Gimp", visibility: .hide)]
        let t = AppUnderTest(options)
        t.app.send(.activeWindow(WindowIdentity(instance: "xterm", windowClass: "XTerm", title: "")))
        #expect(t.keyboard.layout.id == "terminal")
        t.app.send(.activeWindow(WindowIdentity(instance: "gimp", windowClass: "Gimp", title: "")))
        #expect(t.keyboard.layout.id == "us" && !t.host.mapped)
    }

    @Test func aLayoutSwitchEndsThePressOfTheOldOne() {
        let t = AppUnderTest()
        holdBackSpace(t)
        #expect(t.request(.layout("terminal")) == .ok(nil))
        #expect(typedAfter(t, waiting: 3000) == 0 && t.keyboard.pressed.isEmpty)
    }

    @Test func autoShowFollowsTheFocus() {
        var options = Session.Options()
        options.autoShow = true
        let t = AppUnderTest(options)
        t.app.send(.focus(.other))
        t.wait(299)
        #expect(t.host.mapped)
        t.wait(1)
        #expect(!t.host.mapped)
        t.app.send(.focus(.textField))
        #expect(t.host.mapped)
    }

    /// Shown by hand, the keyboard asks the focus watch which field has the focus (the host's
    /// `askField`), and shows no pressed key until the answer comes (issue 34, item 1).
    @Test func aKeyboardShownByHandAsksTheFocusWatchForTheField() {
        var options = Session.Options()
        options.autoShow = true
        let t = AppUnderTest(options)
        t.app.send(.field(.prose, before: "", moved: true))
        #expect(t.request(.hide) == .ok(nil) && t.request(.show) == .ok(nil))
        #expect(t.host.mapped && t.host.log.suffix(2) == ["ask field", "show"], "\(t.host.log)")
        t.app.send(.input(.press(t.centre("k"), pointer: 0)))
        #expect(!t.host.previewUp && !t.app.session.picture.showsPressedKeys)
        t.app.send(.input(.release(t.centre("k"), pointer: 0)))
        t.app.send(.field(.prose, before: "", moved: true))
        t.app.send(.input(.press(t.centre("k"), pointer: 0)))
        #expect(t.host.previewUp && t.app.session.picture.showsPressedKeys)
    }
}

extension ControlReply {
    /// The lines of an `ok` reply.
    var lines: [String] {
        if case .ok(let status?) = self { return status.lines }
        return []
    }
}
