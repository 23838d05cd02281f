/// Follows the active window with the config's rules: which layout to show (the first
/// matching rule's, else the one asked for by name) and whether to show or hide.
public struct WindowRuleFollower: Sendable {
    public let rules: [WindowRule]
    /// The layout asked for by name (command line, config, `clavier layout`): where the
    /// keyboard returns when no rule matches the active window.
    public private(set) var baseLayout: String
    /// The name of the layout shown now, as a rule or a request named it.
    public private(set) var shownLayout: String

    public init(rules: [WindowRule], layout: String) {
        self.rules = rules
        baseLayout = layout
        shownLayout = layout
    }

    /// What to do for the window that became active.
    public struct Decision: Equatable, Sendable {
        /// The layout to switch to; nil: the one shown is right.
        public var layout: String?
        public var visibility: WindowRule.Visibility?
        public init(layout: String?, visibility: WindowRule.Visibility?) {
            self.layout = layout
            self.visibility = visibility
        }
    }

    /// What the rules say for the active window `identity`.
    public func decide(for identity: WindowIdentity) -> Decision {
        let rule = WindowRule.first(of: rules, matching: identity)
        let wanted = rule?.layout ?? baseLayout
        return Decision(layout: wanted == shownLayout ? nil : wanted, visibility: rule?.visibility)
    }

    /// A rule's layout is on screen now.
    public mutating func showing(_ layout: String) { shownLayout = layout }

    /// `clavier layout NAME` switched to `layout`: it is the base from now on.
    public mutating func asked(for layout: String) {
        baseLayout = layout
        shownLayout = layout
    }
}
