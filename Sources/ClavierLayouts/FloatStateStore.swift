import ClavierCore

/// Remembers where the floating keyboard was, in `$XDG_STATE_HOME/clavier/float.yaml` (a
/// `StateStore`): a YAML mapping with one field, `geometry: WxH+X+Y`.
public struct FloatStateStore: StateStore {
    public static let fileName = "float.yaml"
    public static let fallback = "floating at the default place"
    public let path: String

    public init(path: String) { self.path = path }

    /// The rectangle (root coordinates) of a state file, read as the layouts are (libyaml); nil
    /// when the file is not exactly a `geometry` field with a rectangle in it.
    public static func decode(_ bytes: [UInt8]) -> Rect? {
        let reader = NodeReader(file: fileName)
        guard let text = String(validating: bytes, as: UTF8.self), let node = reader.compose(text),
              let fields = reader.fields(node, "the floating place", allowed: ["geometry"], required: ["geometry"]),
              let value = fields["geometry"].flatMap({ reader.string($0, "geometry") }),
              reader.diagnostics.isEmpty, let rect = rect(value) else { return nil }
        return rect
    }

    /// `WxH+X+Y` with signed offsets from the top left (`WxH+-5+10`: partly off the left or
    /// top), not X11's from-the-right `-X`.
    static func rect(_ text: String) -> Rect? {
        let parts = text.split(separator: "+", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let size = Size(parsing: String(parts[0])), size.width > 0, size.height > 0,
              let x = Int(parts[1]), let y = Int(parts[2]) else { return nil }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    public static func encode(_ rect: Rect) throws -> [UInt8] {
        Array("# Where clavier --float was last; written by clavier.\ngeometry: \(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)\n".utf8)
    }
}
