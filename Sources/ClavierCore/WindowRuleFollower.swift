/// Follows the active window and the focused field with the config's rules: which layout to
/// show and whether to show or hide. The layout: the first purpose rule's for the focused
/// field's kind (`field:`), else the purpose's own (a telephone field: `phone`), else the first
/// window rule's that matches the active window, else the one asked for by name.
public struct WindowRuleFollower: Sendable {
    public let rules: [WindowRule]
    /// The layout asked for by name (command line, config, `clavier layout`): where the
    /// keyboard returns when no rule matches the active window.
    public private(set) var baseLayout: String
    /// The name of the layout shown now, as a rule or a request named it.
    public private(set) var shownLayout: String
    /// The active window, once one is known.
    public private(set) var window: WindowIdentity?
    /// The focused field's kind, as the focus watch last said (`.unknown` without one).
    public private(set) var field = FieldKind.unknown

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
    public mutating func decide(for identity: WindowIdentity) -> Decision {
        window = identity
        let rule = WindowRule.first(of: rules, matching: identity)
        return Decision(layout: changed(to: wanted(windowRule: rule)), visibility: rule?.visibility)
    }

    /// What the rules say for a field of `kind` that got the focus (never to show or hide:
    /// auto-show does).
    public mutating func decide(field kind: FieldKind) -> Decision {
        field = kind
        let rule = window.flatMap { WindowRule.first(of: rules, matching: $0) }
        return Decision(layout: changed(to: wanted(windowRule: rule)), visibility: nil)
    }

    /// The layout for the focused field in the active window, whose first window rule is `windowRule`.
    func wanted(windowRule: WindowRule?) -> String {
        let purpose = rules.first { $0.layout != nil && $0.matches(window, field: field) }
        return purpose?.layout ?? (field == .telephone ? FieldKeys.telephoneLayout : nil) ?? windowRule?.layout ?? baseLayout
    }

    private func changed(to wanted: String) -> String? { wanted == shownLayout ? nil : wanted }

    /// A rule's layout is on screen now.
    public mutating func showing(_ layout: String) { shownLayout = layout }

    /// `clavier layout NAME` switched to `layout`: it is the base from now on.
    public mutating func asked(for layout: String) {
        baseLayout = layout
        shownLayout = layout
    }
}
