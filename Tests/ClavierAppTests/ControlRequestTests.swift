import Testing
@testable import clavier

/// A keyboard that records what the control socket asked of it.
private final class FakeKeyboard: ControlledKeyboard {
    var isShown = true
    var quitAsked = false
    var showsAsked = 0
    var layout = "us"
    var statusLines: [String] { ["layout: \(layout)"] }
    func show() {
        isShown = true
        showsAsked += 1
    }
    func hide() { isShown = false }
    func quit() { quitAsked = true }
    struct NoSuchLayout: Error, CustomStringConvertible { var description: String { "no layout 'nope'" } }
    func switchLayout(to name: String) throws {
        guard name != "nope" else { throw NoSuchLayout() }
        layout = name
    }
}

@Suite struct ControlRequestTests {
    /// `clavier show` on a keyboard already up still reaches it: auto-show must not hide a
    /// keyboard the user has just asked for, even when a hide was pending.
    @Test func showReachesAKeyboardAlreadyShown() {
        let keyboard = FakeKeyboard()
        #expect(ControlRequest.respond(to: "show", kiosk: false, keyboard: keyboard) == .ok([]))
        #expect(keyboard.showsAsked == 1 && keyboard.isShown)
    }

    @Test func eachLineIsOneRequest() {
        #expect(ControlRequest(line: "show") == .show)
        #expect(ControlRequest(line: "hide") == .hide)
        #expect(ControlRequest(line: "toggle") == .toggle)
        #expect(ControlRequest(line: "quit") == .quit)
        #expect(ControlRequest(line: "status") == .status)
        #expect(ControlRequest(line: "layout /tmp/my layout.yaml") == .layout("/tmp/my layout.yaml"))
        #expect(ControlRequest(line: "layout") == nil, "layout needs a name")
        #expect(ControlRequest(line: "show now") == nil)
        #expect(ControlRequest(line: "") == nil)
    }

    @Test func togglingHidesAShownKeyboardAndShowsAHiddenOne() {
        let keyboard = FakeKeyboard()
        #expect(ControlRequest.respond(to: "toggle", kiosk: false, keyboard: keyboard) == .ok([]))
        #expect(!keyboard.isShown)
        #expect(ControlRequest.respond(to: "status", kiosk: false, keyboard: keyboard) == .ok(["hidden", "layout: us"]))
        _ = ControlRequest.respond(to: "toggle", kiosk: false, keyboard: keyboard)
        #expect(keyboard.isShown)
        #expect(ControlRequest.respond(to: "status", kiosk: false, keyboard: keyboard) == .ok(["visible", "layout: us"]))
    }

    @Test func aLayoutThatCannotBeLoadedFailsWithWhy() {
        let keyboard = FakeKeyboard()
        #expect(ControlRequest.respond(to: "layout nope", kiosk: false, keyboard: keyboard) == .failed("no layout 'nope'"))
        #expect(keyboard.layout == "us")
        #expect(ControlRequest.respond(to: "layout emoji", kiosk: false, keyboard: keyboard) == .ok([]))
        #expect(keyboard.layout == "emoji")
    }

    @Test func kioskModeRefusesWhatLeavesTheKioskAndNothingElse() {
        let keyboard = FakeKeyboard()
        for line in ["hide", "toggle", "quit", "layout emoji"] {
            guard case .refused = ControlRequest.respond(to: line, kiosk: true, keyboard: keyboard) else {
                Issue.record("kiosk mode let '\(line)' through")
                continue
            }
        }
        #expect(keyboard.isShown && !keyboard.quitAsked && keyboard.layout == "us")
        keyboard.isShown = false
        #expect(ControlRequest.respond(to: "show", kiosk: true, keyboard: keyboard) == .ok([]))
        #expect(keyboard.isShown)
        #expect(ControlRequest.respond(to: "status", kiosk: true, keyboard: keyboard) == .ok(["visible", "layout: us"]))
    }

    @Test func anUnknownRequestIsAnErrorThatNamesIt() {
        #expect(ControlRequest.respond(to: "explode", kiosk: false, keyboard: FakeKeyboard()) == .failed("unknown request 'explode'"))
    }
}
