import CRemoteDesktop
import ClavierCore

/// Types into GNOME's native Wayland windows (issue 49) through mutter's own D-Bus
/// `org.gnome.Mutter.RemoteDesktop`: a session made as the keyboard starts (`open()`, else at
/// the first key) and kept until `stop()`,
/// each key a keysym press and release that mutter types on its keymap. The keyboard's window
/// stays an X window on XWayland that never takes the focus, so the keys reach the native
/// window that has it. mutter cannot type a keysym its layout lacks (and an X client cannot
/// change that layout), so such a character is refused and said once, without itself.
/// libgio is loaded at the first key (CRemoteDesktop); one loop thread calls everything here.
public final class RemoteDesktopTypist {
    /// The X keymap, which XWayland keeps as the compositor's: what mutter can type.
    private let keymap: () -> KeyInjector
    /// Says a problem in one line (the executable's log).
    private let warn: (String) -> Void
    private var toldOffLayout = false
    private var toldFailure = false

    /// `keymap` gives the injector whose keymap says what can be typed (made when first asked).
    public init(keymap: @escaping () -> KeyInjector, warn: @escaping (String) -> Void) {
        self.keymap = keymap
        self.warn = warn
    }

    /// Whether mutter's RemoteDesktop is on the session bus; else why not.
    public static func offered() -> (yes: Bool, why: String) {
        var error = [CChar](repeating: 0, count: 512)
        let yes = clavier_remote_desktop_offered(&error, error.count) != 0
        return (yes, yes ? "" : Self.text(error))
    }

    /// The C string a CRemoteDesktop call wrote into `buffer`.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What the session's modifiers press: the left keys, and AltGr's level-3 shift.
    static func keysyms(of modifiers: ModifierSet) -> [UInt32] {
        var syms: [UInt32] = []
        if modifiers.contains(.control) { syms.append(0xffe3) }   // Control_L
        if modifiers.contains(.shift) { syms.append(0xffe1) }     // Shift_L
        if modifiers.contains(.alt) { syms.append(0xffe9) }       // Alt_L
        if modifiers.contains(.super) { syms.append(0xffeb) }     // Super_L
        if modifiers.contains(.altGr) { syms.append(0xfe03) }     // ISO_Level3_Shift
        return syms
    }

    /// Presses and releases `sym` with `modifiers` held around it, if the layout has it and
    /// `allow` (kiosk mode) lets it; says whether it was sent. Every key pressed is released
    /// in the same call: nothing is left held between calls.
    @discardableResult
    public func type(_ sym: KeySym, modifiers: ModifierSet = [], allow: ((KeySym, ModifierSet) -> Bool)? = nil) -> Bool {
        if let allow, !allow(sym, modifiers) { return false }
        guard keymap().isOnKeymap(sym) else {
            if !toldOffLayout {
                toldOffLayout = true
                warn("a character outside the keyboard layout cannot be typed into GNOME's native windows (mutter types only its layout's keys)")
            }
            return false
        }
        guard open() else { return false }
        let held = Self.keysyms(of: modifiers)
        var sent = true
        for modifier in held { sent = sent && clavier_remote_desktop_key(modifier, 1) != 0 }
        sent = sent && clavier_remote_desktop_key(sym.rawValue, 1) != 0
        // Released even when a press failed: whatever went through is let go.
        clavier_remote_desktop_key(sym.rawValue, 0)
        for modifier in held.reversed() { clavier_remote_desktop_key(modifier, 0) }
        if !sent { warn("mutter's RemoteDesktop session ended (stopped from GNOME Shell?): a new one is made at the next key") }
        return sent
    }

    /// Makes and starts the session unless one is open; says once why not. Done as the keyboard
    /// starts: a new session's keyboard makes mutter send its clients the keymap again, and a
    /// GTK 4 window drops the keys that come before it has read it (measured on mutter 43: the
    /// first one to three keys of a session, even after a Shift press).
    @discardableResult
    public func open() -> Bool {
        var error = [CChar](repeating: 0, count: 512)
        guard clavier_remote_desktop_open(&error, error.count) != 0 else {
            if !toldFailure {
                toldFailure = true
                warn("cannot type through mutter's RemoteDesktop: \(Self.text(error))")
            }
            return false
        }
        toldFailure = false
        return true
    }

    /// Waits until mutter has taken every key sent (one round trip).
    public func sync() { _ = clavier_remote_desktop_sync() }

    /// Stops the session (mutter lets go of anything still held); the next key makes a new one.
    public func stop() { clavier_remote_desktop_close() }
}
