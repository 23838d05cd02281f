import ClavierCore

/// What the binary has built in from the shipped files (ClavierBuiltins, made from
/// Assets/layouts/us.yaml and Assets/themes/system.yaml at build time): the theme every theme
/// file changes, and each built-in value with the 64-bit FNV-1a hash of the text it was made
/// from. A file found with exactly that text is the built-in value, so it is not parsed: the
/// YAML reader stays off the start-up path of a keyboard that shows them (us.yaml's parse is
/// ~0.7 ms of a start, BENCHMARKS.md). Editing a shipped file changes the built-in value at the next build.
public struct ShippedFiles: Sendable {
    /// What a theme file's missing fields keep: the built-in `system`.
    public var baseTheme: Theme
    public var layouts: [String: (hash: UInt64, value: Layout)]
    public var themes: [String: (hash: UInt64, value: Theme)]

    public init(baseTheme: Theme, layouts: [String: (hash: UInt64, value: Layout)] = [:],
                themes: [String: (hash: UInt64, value: Theme)] = [:]) {
        self.baseTheme = baseTheme
        self.layouts = layouts
        self.themes = themes
    }

    /// 64-bit FNV-1a of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 { fnv1a64(text.utf8) }

    /// The built-in layout `text` (the file `name.yaml`) stands for, or nil.
    func layout(named name: String, text: String) -> Layout? {
        guard let built = layouts[name], built.hash == Self.hash(text) else { return nil }
        return built.value
    }

    /// The built-in theme `text` (the file `name.yaml`) stands for, or nil.
    func theme(named name: String, text: String) -> Theme? {
        guard let built = themes[name], built.hash == Self.hash(text) else { return nil }
        return built.value
    }
}

/// 64-bit FNV-1a of `bytes`: a stable name for file contents (shipped files, kept pictures).
public func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
}
