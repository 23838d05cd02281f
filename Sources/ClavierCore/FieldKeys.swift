/// What the focused field's purpose (`FieldKind`, as the accessibility bus tells it) asks of
/// the keys shown, besides the layout (`WindowRuleFollower.decide`): the page to turn to, keys
/// put at hand beside the space bar of the layout's first page, and whether the field is
/// private. A password field is private: no suggestions, no learning, no key preview and no
/// pressed key painted, so that neither the keyboard nor someone watching the screen keeps it.
public struct FieldKeys: Hashable, Sendable {
    /// The page turned to when such a field gets the focus; nil: the page stays.
    public var page: Page.ID?
    /// Keys put beside the space bar of the layout's first page (e-mail: `@` and `.`).
    public var extras: [Key] = []
    /// A password: nothing typed is shown pressed, previewed, suggested from or learned.
    public var isPrivate = false

    public init(page: Page.ID? = nil, extras: [Key] = [], isPrivate: Bool = false) {
        self.page = page
        self.extras = extras
        self.isPrivate = isPrivate
    }

    /// The page of text layouts that holds the digits (`us` and the layouts made like it).
    public static let numbersPage = "numbers"
    /// Their page of letters.
    public static let lettersPage = "letters"
    /// The layout a telephone field gets unless a rule says otherwise.
    public static let telephoneLayout = "phone"

    /// What a field of `kind` gets (a password, e-mail or URL field the letters, wherever the
    /// keyboard was); `.unknown`, `.prose` and `.terminal` get nothing (today's rules: the
    /// window's layout, on the page it shows).
    public init(for kind: FieldKind) {
        switch kind {
        case .password: self.init(page: Self.lettersPage, isPrivate: true)
        case .number: self.init(page: Self.numbersPage)
        case .email: self.init(page: Self.lettersPage, extras: [Self.extra("@"), Self.extra(".")])
        case .url: self.init(page: Self.lettersPage, extras: [Self.extra("/"), Self.extra(".com", width: 1.5)])
        case .unknown, .prose, .terminal, .telephone: self.init()
        }
    }

    /// A key that types `text`, with an id of its own (`field-@`), so it never takes the id of
    /// a key of the page.
    static func extra(_ text: String, width: Double = 1) -> Key {
        Key(id: "field-" + text, label: .text(text), action: .text(text), width: width, keyClass: .symbol)
    }

    /// The narrowest the space bar gets when extras take its room.
    static let narrowestSpace = 2.0

    /// `page` of `layout` as shown in such a field: the first page gets the extras beside its
    /// space bar (`@` before it, `.` after it), which gives up their width, down to
    /// `narrowestSpace`. A page without a space bar (a phone pad) stays as it is.
    public func adapt(_ page: Page, of layout: Layout) -> Page {
        guard !extras.isEmpty, page.id == layout.defaultPage.id else { return page }
        var page = page
        for r in page.rows.indices {
            guard let s = page.rows[r].keys.firstIndex(where: { $0.id == "space" }) else { continue }
            var keys = page.rows[r].keys
            let taken = extras.reduce(0) { $0 + $1.width }
            keys[s].width = max(Self.narrowestSpace, keys[s].width - taken)
            keys.insert(contentsOf: extras.dropFirst(), at: s + 1)
            keys.insert(extras[0], at: s)
            page.rows[r].keys = keys
            return page
        }
        return page
    }
}
