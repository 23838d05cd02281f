/// What a key of the live keymap produces in the current group with the server's locks
/// (Caps Lock, Num Lock): without and with Shift, and with AltGr and Shift+AltGr where the
/// keymap has those levels, as keysyms and as the text they type (which the X side converts,
/// since legacy keysyms such as Cyrillic_a are not Unicode code points).
public struct LiveKey: Hashable, Sendable {
    public var base: KeySym?
    public var shifted: KeySym?
    public var baseText: String?
    public var shiftedText: String?
    /// With AltGr and with Shift+AltGr (levels 3 and 4); nil where the key has no such level.
    public var altGr: KeySym?, shiftedAltGr: KeySym?
    public var altGrText: String?, shiftedAltGrText: String?
    public init(base: KeySym?, shifted: KeySym?, baseText: String? = nil, shiftedText: String? = nil,
                altGr: KeySym? = nil, shiftedAltGr: KeySym? = nil, altGrText: String? = nil, shiftedAltGrText: String? = nil) {
        func text(_ sym: KeySym?) -> String? { sym?.scalar.map { String(Character($0)) } }
        self.base = base
        self.shifted = shifted
        self.baseText = baseText ?? text(base)
        self.shiftedText = shiftedText ?? text(shifted)
        self.altGr = altGr
        self.shiftedAltGr = shiftedAltGr
        self.altGrText = altGrText ?? text(altGr)
        self.shiftedAltGrText = shiftedAltGrText ?? text(shiftedAltGr)
    }

    /// What the key types with Shift and AltGr as given: AltGr's levels where the key has
    /// them, else the plain ones (AltGr then changes nothing, as on the server).
    func level(shift: Bool, altGr: Bool) -> (sym: KeySym?, text: String?) {
        let plain = shift ? (shifted ?? base, shiftedText ?? baseText) : (base, baseText)
        guard altGr else { return plain }
        let third = shift ? (shiftedAltGr, shiftedAltGrText) : (self.altGr, altGrText)
        return third.0 == nil ? plain : third
    }
}
