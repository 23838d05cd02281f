import ClavierCore

/// Remembers where the user dragged the button that calls the keyboard back (`--show-button`),
/// in `$XDG_STATE_HOME/clavier/show-button.yaml` (a `StateStore`, written atomically): the
/// same one field as the floating keyboard's, `geometry: WxH+X+Y`.
public struct ShowButtonStore: StateStore {
    public static let fileName = "show-button.yaml"
    public static let fallback = "the button goes to its default place"
    public let path: String

    public init(path: String) { self.path = path }

    public static func decode(_ bytes: [UInt8]) -> Rect? { FloatStateStore.decode(bytes) }

    public static func encode(_ rect: Rect) throws -> [UInt8] {
        Array("# Where clavier's show button was last; written by clavier.\ngeometry: \(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)\n".utf8)
    }
}
