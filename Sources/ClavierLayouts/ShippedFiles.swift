import ClavierCore

/// The shipped layout and theme files whose values are also built into the binary
/// (`Layout.builtin`, `Theme.builtin`), by the 64-bit FNV-1a hash of their text. A file
/// found with exactly that text is the built-in value, so it is not parsed: the YAML reader stays off
/// the start-up path of a keyboard that shows them (~1.3 ms of a start). Tests check that
/// the shipped files parse to the built-in values and are taken for them; after editing one
/// of the files, edit the built-in value too and put the file's new `fnv1a64` here.
public enum ShippedFiles {
    public static let layoutHashes: [String: UInt64] = ["us": 0xcec8_a206_1e6c_e7e1]
    public static let themeHashes: [String: UInt64] = ["system": 0x5323_3268_5e1b_6117]

    /// 64-bit FNV-1a of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 { fnv1a64(text.utf8) }

    /// The built-in layout `text` (the file `name.yaml`) stands for, or nil.
    static func layout(named name: String, text: String) -> Layout? {
        guard let builtin = Layout.builtin[name], layoutHashes[name] == hash(text) else { return nil }
        return builtin
    }

    /// The built-in theme `text` (the file `name.yaml`) stands for, or nil.
    static func theme(named name: String, text: String) -> Theme? {
        guard let builtin = Theme.builtin[name], themeHashes[name] == hash(text) else { return nil }
        return builtin
    }
}

/// 64-bit FNV-1a of `bytes`: a stable name for file contents (shipped files, kept pictures).
public func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
}
