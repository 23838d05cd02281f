import ClavierCore
import Testing
@testable import clavier

@Suite struct ControlRequestTests {
    /// `clavier show` on a keyboard already up still reaches it: auto-show must not hide a
    /// keyboard the user has just asked for, even when a hide was pending.
    @Test func showReachesAKeyboardAlreadyShown() {
        var options = Session.Options()
        options.autoShow = true
        let t = AppUnderTest(options)
        t.app.send(.focus(.other))
        #expect(t.request("show") == .ok([]))
        t.wait(1000)
        #expect(t.host.mapped, "shown by hand: auto-show leaves it up until the focus changes next")
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
        let t = AppUnderTest()
        #expect(t.request("toggle") == .ok([]))
        #expect(!t.host.mapped)
        #expect(t.request("status") == .ok(["hidden", "layout: us", "page: letters", "geometry: 1280x330+0+470"]))
        _ = t.request("toggle")
        #expect(t.host.mapped)
        #expect(t.request("status") == .ok(["visible", "layout: us", "page: letters", "geometry: 1280x330+0+470"]))
    }

    @Test func aLayoutThatCannotBeLoadedFailsWithWhy() {
        let t = AppUnderTest()
        guard case .failed(let why) = t.request("layout nope") else { Issue.record("'layout nope' did not fail"); return }
        #expect(why.contains("nope"))
        #expect(t.keyboard.layout.id == "us")
        #expect(t.request("layout terminal") == .ok([]))
        #expect(t.keyboard.layout.id == "terminal")
    }

    @Test func kioskModeRefusesWhatLeavesTheKioskAndNothingElse() {
        var options = Session.Options()
        options.kiosk = true
        let t = AppUnderTest(options)
        for line in ["hide", "toggle", "quit", "layout terminal"] {
            guard case .refused = t.request(line) else {
                Issue.record("kiosk mode let '\(line)' through")
                continue
            }
        }
        #expect(t.host.mapped && t.app.running && t.keyboard.layout.id == "us")
        #expect(t.request("show") == .ok([]))
        #expect(t.request("status") == .ok(["visible", "layout: us", "page: letters", "geometry: 1280x330+0+470"]))
    }

    @Test func anUnknownRequestIsAnErrorThatNamesIt() {
        #expect(AppUnderTest().request("explode") == .failed("unknown request 'explode'"))
    }
}
