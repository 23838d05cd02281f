import ClavierCore
import Testing

@Suite struct WindowRuleFollowerTests {
    let terminal = WindowIdentity(instance: "xterm", windowClass: "XTerm", title: "bash")
    let editor = WindowIdentity(instance: "gedit", windowClass: "Gedit", title: "notes")
    let rules = [WindowRule(windowClass: "XTerm", layout: "terminal"), WindowRule(windowClass: "Gimp", visibility: .hide)]

    @Test func aMatchingRuleSwitchesOnceAndNoRuleGoesBackToTheBase() {
        var follower = WindowRuleFollower(rules: rules, layout: "us")
        #expect(follower.decide(for: editor) == .init(layout: nil, visibility: nil), "us is shown already")
        #expect(follower.decide(for: terminal) == .init(layout: "terminal", visibility: nil))
        follower.showing("terminal")
        #expect(follower.decide(for: terminal).layout == nil, "terminal is shown already")
        #expect(follower.decide(for: editor).layout == "us")
    }

    @Test func aLayoutAskedForByNameBecomesTheBase() {
        var follower = WindowRuleFollower(rules: rules, layout: "us")
        follower.asked(for: "emoji")
        #expect(follower.decide(for: editor).layout == nil)
        #expect(follower.decide(for: terminal).layout == "terminal")
        follower.showing("terminal")
        #expect(follower.decide(for: editor).layout == "emoji")
    }

    @Test func aRuleCanHideTheKeyboardWithoutSwitching() {
        var follower = WindowRuleFollower(rules: rules, layout: "us")
        #expect(follower.decide(for: WindowIdentity(instance: "gimp", windowClass: "Gimp", title: "")) == .init(layout: nil, visibility: .hide))
    }
}
