/// Who the active window is, as the rules see it: `WM_CLASS` (instance and class) and `WM_NAME`.
public struct WindowIdentity: Hashable, Sendable {
    public var instance: String
    public var windowClass: String
    public var title: String

    public init(instance: String, windowClass: String, title: String) {
        self.instance = instance
        self.windowClass = windowClass
        self.title = title
    }
}

/// One rule of the config file: when the active window matches, show `layout` and optionally
/// show or hide the keyboard; a rule with a `field` (a purpose rule) shows its layout while a
/// field of that kind has the focus (in the windows its `class` and `title` match, if given).
public struct WindowRule: Hashable, Sendable {
    public enum Visibility: String, Hashable, Sendable, CaseIterable { case show, hide }

    /// A glob matched against the `WM_CLASS` instance or class (either may match).
    public var windowClass: String?
    /// A glob matched against `WM_NAME`.
    public var title: String?
    /// The focused field's kind a purpose rule is for.
    public var field: FieldKind?
    public var layout: String?
    public var visibility: Visibility?

    public init(windowClass: String? = nil, title: String? = nil, field: FieldKind? = nil, layout: String? = nil,
                visibility: Visibility? = nil) {
        self.windowClass = windowClass
        self.title = title
        self.field = field
        self.layout = layout
        self.visibility = visibility
    }

    /// Whether every pattern the rule has matches `window` (a rule without patterns matches
    /// nothing, nor does a purpose rule: see `matches(_:field:)`).
    public func matches(_ window: WindowIdentity) -> Bool {
        guard field == nil, windowClass != nil || title != nil else { return false }
        return matchesPatterns(window)
    }

    /// Whether this purpose rule is for a field of `kind` in `window` (nil: no window known;
    /// then only a rule without `class` and `title` matches).
    public func matches(_ window: WindowIdentity?, field kind: FieldKind) -> Bool {
        guard field == kind else { return false }
        guard windowClass != nil || title != nil else { return true }
        return window.map(matchesPatterns) ?? false
    }

    private func matchesPatterns(_ window: WindowIdentity) -> Bool {
        if let windowClass, !Glob.matches(windowClass, window.instance) && !Glob.matches(windowClass, window.windowClass) {
            return false
        }
        if let title, !Glob.matches(title, window.title) { return false }
        return true
    }

    /// The first rule of `rules` that matches `window`.
    public static func first(of rules: [WindowRule], matching window: WindowIdentity) -> WindowRule? {
        rules.first { $0.matches(window) }
    }
}

/// Shell-style patterns: `*` any run of characters, `?` one character, `[abc]`/`[a-z]`/`[!x]`
/// a class, `\` quotes the next one (fnmatch(3) without flags, which Core cannot call).
public enum Glob {
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        match(Array(pattern), 0, Array(text), 0)
    }

    private static func match(_ p: [Character], _ pi: Int, _ t: [Character], _ ti: Int) -> Bool {
        var pi = pi, ti = ti
        while pi < p.count {
            switch p[pi] {
            case "*":
                while pi < p.count && p[pi] == "*" { pi += 1 }
                if pi == p.count { return true }
                for start in ti...t.count where match(p, pi, t, start) { return true }
                return false
            case "?":
                guard ti < t.count else { return false }
                pi += 1
                ti += 1
            case "[":
                guard ti < t.count, let (matched, next) = matchClass(p, pi, t[ti]) else {
                    if ti < t.count && t[ti] == "[" { pi += 1; ti += 1; continue }
                    return false
                }
                guard matched else { return false }
                pi = next
                ti += 1
            default:
                var c = p[pi]
                if c == "\\" && pi + 1 < p.count { pi += 1; c = p[pi] }
                guard ti < t.count, t[ti] == c else { return false }
                pi += 1
                ti += 1
            }
        }
        return ti == t.count
    }

    /// Matches `c` against the class opening at `p[start]`; nil when the class is not closed.
    private static func matchClass(_ p: [Character], _ start: Int, _ c: Character) -> (Bool, Int)? {
        var i = start + 1
        let negated = i < p.count && (p[i] == "!" || p[i] == "^")
        if negated { i += 1 }
        var found = false, first = true
        while i < p.count && (p[i] != "]" || first) {
            first = false
            if i + 2 < p.count && p[i + 1] == "-" && p[i + 2] != "]" {
                if p[i] <= c && c <= p[i + 2] { found = true }
                i += 3
            } else {
                if p[i] == c { found = true }
                i += 1
            }
        }
        guard i < p.count else { return nil }
        return (found != negated, i + 1)
    }
}
