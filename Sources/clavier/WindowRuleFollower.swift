import ClavierCore

/// Follows the active window with the config's rules: which layout to show (the first
/// matching rule's, else the one asked for by name) and whether to show or hide.
struct WindowRuleFollower {
    let rules: [WindowRule]
    /// The layout asked for by name (command line, config, `clavier layout`): where the
    /// keyboard returns when no rule matches the active window.
    private(set) var baseLayout: String
    /// The name of the layout shown now, as a rule or a request named it.
    private(set) var shownLayout: String

    init(rules: [WindowRule], layout: String) {
        self.rules = rules
        baseLayout = layout
        shownLayout = layout
    }

    /// What to do for the window that became active.
    struct Decision: Equatable {
        /// The layout to switch to; nil: the one shown is right.
        var layout: String?
        var visibility: WindowRule.Visibility?
    }

    /// What the rules say for the active window `identity`.
    func decide(for identity: WindowIdentity) -> Decision {
        let rule = WindowRule.first(of: rules, matching: identity)
        Log.debug("active window \(identity.instance)/\(identity.windowClass): \(rule.map { "\($0)" } ?? "no rule")")
        let wanted = rule?.layout ?? baseLayout
        return Decision(layout: wanted == shownLayout ? nil : wanted, visibility: rule?.visibility)
    }

    /// A rule's layout is on screen now.
    mutating func showing(_ layout: String) { shownLayout = layout }

    /// `clavier layout NAME` switched to `layout`: it is the base from now on.
    mutating func asked(for layout: String) {
        baseLayout = layout
        shownLayout = layout
    }
}
