@testable import ClavierCore
import Testing

/// Auto-show's decisions, with time as an argument.
struct AutoShowTests {
    let start = ContinuousClock.now

    @Test func aTextFieldShowsAtOnceAndAShownKeyboardIsLeftAlone() {
        var auto = AutoShow()
        #expect(auto.focusChanged(.textField, shown: false, at: start) == .show)
        #expect(auto.focusChanged(.textField, shown: true, at: start) == nil)
        #expect(auto.nextDeadline == nil)
    }

    @Test func leavingATextFieldHidesAfterTheDelay() {
        var auto = AutoShow()
        #expect(auto.focusChanged(.other, shown: true, at: start) == nil, "not at once")
        #expect(auto.nextDeadline == start + Timing.autoShowHide)
        #expect(auto.due(at: start + .milliseconds(299)) == nil)
        #expect(auto.due(at: start + .milliseconds(300)) == .hide)
        #expect(auto.nextDeadline == nil && auto.due(at: start + .seconds(5)) == nil, "one hide, once")
    }

    @Test func anotherFieldWithinTheDelayCancelsTheHide() {
        var auto = AutoShow()
        _ = auto.focusChanged(.textFieldLeft, shown: true, at: start)
        #expect(auto.focusChanged(.textField, shown: true, at: start + .milliseconds(20)) == nil)
        #expect(auto.nextDeadline == nil && auto.due(at: start + .seconds(1)) == nil)
    }

    @Test func theDelayRunsFromTheFirstEventOfAMove() {
        var auto = AutoShow()
        _ = auto.focusChanged(.textFieldLeft, shown: true, at: start)
        _ = auto.focusChanged(.other, shown: true, at: start + .milliseconds(100))
        #expect(auto.nextDeadline == start + .milliseconds(300))
    }

    @Test func aHiddenKeyboardStaysHiddenWhenTheFocusIsNotOnAField() {
        var auto = AutoShow()
        #expect(auto.focusChanged(.other, shown: false, at: start) == nil)
        #expect(auto.focusChanged(.textFieldLeft, shown: false, at: start) == nil)
        #expect(auto.nextDeadline == nil)
    }

    /// `clavier show` keeps the keyboard up through a pending hide, until the focus moves again.
    @Test func aKeyboardShownByHandStaysUntilTheNextFocusChange() {
        var auto = AutoShow()
        _ = auto.focusChanged(.other, shown: true, at: start)
        auto.shownByHand()
        #expect(auto.due(at: start + .seconds(10)) == nil)
        _ = auto.focusChanged(.other, shown: true, at: start + .seconds(10))
        #expect(auto.due(at: start + .seconds(10) + .milliseconds(300)) == .hide)
    }

    @Test(arguments: [(true, false, false, true), (true, true, false, false), (true, true, true, true),
                      (false, false, false, false), (false, true, true, false)])
    func kioskModeIsLeftAloneUnlessTheConfigSaysSo(autoShow: Bool, kiosk: Bool, inKiosk: Bool, acts: Bool) {
        var options = Session.Options()
        (options.autoShow, options.kiosk, options.autoShowInKiosk) = (autoShow, kiosk, inKiosk)
        #expect(options.autoShowActs == acts)
    }
}
