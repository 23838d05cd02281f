import ClavierCore
import Testing
@testable import ClavierApp

@Suite struct ControlRequestTests {
    /// `clavier show` on a keyboard already up still reaches it: auto-show must not hide a
    /// keyboard the user has just asked for, even when a hide was pending.
    @Test func showReachesAKeyboardAlreadyShown() {
        var options = Session.Options()
        options.autoShow = true
        let t = AppUnderTest(options)
        t.app.send(.focus(.other))
        #expect(t.request(.show) == .ok(nil))
        t.wait(1000)
        #expect(t.host.mapped, "shown by hand: auto-show leaves it up until the focus changes next")
    }
    /// Client and server share the type: each request is one JSON line and reads back as itself.
    @Test func eachRequestIsOneJSONLine() {
        for request in [ControlRequest.show, .hide, .toggle, .quit, .status, .layout("/tmp/my \"layout\".yaml")] {
            #expect(!request.line.contains("\n"))
            #expect(ControlRequest(line: request.line) == request, "\(request.line)")
        }
        #expect(ControlRequest.layout("emoji").line == #"{"name":"emoji","request":"layout"}"#)
        #expect(ControlRequest(line: #"{"request":"layout"}"#) == nil, "layout needs a name")
        #expect(ControlRequest(line: #"{"request":"explode"}"#) == nil)
        #expect(ControlRequest(line: "show") == nil && ControlRequest(line: "") == nil)
    }

    /// Every reply reads back as itself, the status with all its fields.
    @Test func repliesReadBackAsThemselves() {
        let status = KeyboardStatus(visible: true, layout: "us", page: "letters",
                                    geometry: .init(x: 0, y: 470, width: 1280, height: 330), dwell: .init(target: "h", percent: 50), scan: nil)
        for reply in [ControlReply.ok(status), .ok(nil), .refused("kiosk"), .failed("no layout 'x'")] {
            #expect(ControlReply(decoding: reply.encoded) == reply, "\(reply.encoded)")
        }
        #expect(ControlReply(decoding: "ok\n") == .failed("unexpected answer 'ok'"))
    }

    @Test func togglingHidesAShownKeyboardAndShowsAHiddenOne() {
        let t = AppUnderTest()
        #expect(t.request(.toggle) == .ok(nil))
        #expect(!t.host.mapped)
        #expect(t.request(.status).lines == ["hidden", "layout: us", "page: letters", "geometry: 1280x330+0+470"])
        _ = t.request(.toggle)
        #expect(t.host.mapped)
        #expect(t.request(.status).lines == ["visible", "layout: us", "page: letters", "geometry: 1280x330+0+470"])
    }

    @Test func aLayoutThatCannotBeLoadedFailsWithWhy() {
        let t = AppUnderTest()
        guard case .failed(let why) = t.request(.layout("nope")) else { Issue.record("'layout nope' did not fail"); return }
        #expect(why.contains("nope"))
        #expect(t.keyboard.layout.id == "us")
        #expect(t.request(.layout("terminal")) == .ok(nil))
        #expect(t.keyboard.layout.id == "terminal")
    }

    @Test func kioskModeRefusesWhatLeavesTheKioskAndNothingElse() {
        var options = Session.Options()
        options.kiosk = true
        let t = AppUnderTest(options)
        for request in [ControlRequest.hide, .toggle, .quit, .layout("terminal")] {
            guard case .refused = t.request(request) else {
                Issue.record("kiosk mode let \(request) through")
                continue
            }
        }
        #expect(t.host.mapped && t.app.running && t.keyboard.layout.id == "us")
        #expect(t.request(.show) == .ok(nil))
        #expect(t.request(.status).lines == ["visible", "layout: us", "page: letters", "geometry: 1280x330+0+470"])
    }

    @Test func anUnknownRequestIsAnErrorThatNamesIt() {
        #expect(ControlRequest.respond(to: "explode", app: AppUnderTest().app) == .failed("unknown request 'explode'"))
    }
}
