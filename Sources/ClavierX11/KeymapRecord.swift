import CX11

/// The server's XKB configuration as `setxkbmap` recorded it in the root window's
/// `_XKB_RULES_NAMES`: rules, model, layouts, variants and options (`evdev`, `pc105`, `us,de`,
/// `,nodeadkeys`, `grp:alt_shift_toggle`).
public struct XKBNames: Equatable, Sendable {
    public var rules: String
    public var model: String
    public var layout: String
    public var variant: String
    public var options: String

    /// The root window's property that holds it.
    public static let property = "_XKB_RULES_NAMES"

    public init(rules: String, model: String, layout: String, variant: String = "", options: String = "") {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// Reads the property's NUL-separated fields; nil when it has no layout field.
    public init?(property: String) {
        let fields = property.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        guard fields.count > 2 else { return nil }
        func field(_ i: Int) -> String { i < fields.count ? fields[i] : "" }
        self.init(rules: field(0), model: field(1), layout: field(2), variant: field(3), options: field(4))
    }

    /// The layouts of the keymap's groups ("us,de" → us, de).
    public var layouts: [String] { layout.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }

    /// The `setxkbmap` arguments that make the keymap this again: every field, the options
    /// cleared first (`-option ""`), as setxkbmap otherwise adds to those there are.
    public var setxkbmapArguments: [String] {
        (rules.isEmpty ? [] : ["-rules", rules]) + (model.isEmpty ? [] : ["-model", model])
            + ["-layout", layout, "-variant", variant, "-option", ""] + (options.isEmpty ? [] : ["-option", options])
    }
}

/// What a keyboard changed in the server's keymap (the `languages` setting), so that the next
/// Clavier restores it when the keyboard that changed it was killed: the XKB configuration as
/// it was, the layouts it was changed to, and the keyboard's owner. It lives in the root
/// window's `_CLAVIER_CHANGED_KEYMAP` property, one line readable with `xprop -root`: `PID START
/// PID-NAMESPACE HOST CHANGED-TO RULES MODEL LAYOUT VARIANT OPTIONS`, each field after START
/// escaped as in `BorrowLedger` (`%` if empty).
public struct KeymapRecord: Equatable, Sendable {
    public var original: XKBNames
    /// The layouts the keymap was given (`us,de,ru`): a keymap changed since is not restored.
    public var changedTo: String
    public var owner: KeycodeOwner

    /// The name of the root window property the record lives in.
    public static let property = "_CLAVIER_CHANGED_KEYMAP"

    public init(original: XKBNames, changedTo: String, owner: KeycodeOwner = .current) {
        self.original = original
        self.changedTo = changedTo
        self.owner = owner
    }

    /// Reads the property's text; nil when it does not parse (a later Clavier's).
    public init?(text: String) {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 10, let pid = Int32(fields[0]), let start = UInt64(fields[1]) else { return nil }
        let rest = fields[2...].compactMap { BorrowLedger.unescape($0) }
        guard rest.count == 8 else { return nil }
        owner = KeycodeOwner(pid: pid, start: start, namespace: rest[0], host: rest[1])
        changedTo = rest[2]
        original = XKBNames(rules: rest[3], model: rest[4], layout: rest[5], variant: rest[6], options: rest[7])
    }

    /// The property's text.
    public var text: String {
        let o = original
        return ([String(owner.pid), String(owner.start)] + [owner.namespace, owner.host, changedTo, o.rules, o.model, o.layout, o.variant, o.options]
            .map(BorrowLedger.escape)).joined(separator: " ") + "\n"
    }
}

extension Display {
    /// The server's XKB configuration (`_XKB_RULES_NAMES`); nil when the server says nothing.
    public var xkbNames: XKBNames? {
        WindowProperty.text(raw, root, atom(XKBNames.property)).flatMap(XKBNames.init(property:))
    }

    /// The record of a changed keymap on the root window, if there is one that this version reads.
    public var keymapRecord: KeymapRecord? {
        WindowProperty.text(raw, root, atom(KeymapRecord.property)).flatMap(KeymapRecord.init(text:))
    }

    /// Writes `record` to the root window, or deletes the property (nil); on the server
    /// before this returns, so a keymap is changed only once recorded.
    public func write(_ record: KeymapRecord?) {
        if let record {
            var bytes = Array(record.text.utf8)
            XChangeProperty(raw, root, atom(KeymapRecord.property), UInt(XA_STRING), 8, PropModeReplace, &bytes, Int32(bytes.count))
        } else {
            XDeleteProperty(raw, root, atom(KeymapRecord.property))
        }
        sync()
    }
}
