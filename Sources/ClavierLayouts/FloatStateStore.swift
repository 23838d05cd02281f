import ClavierCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Remembers where the floating keyboard was, in `$XDG_STATE_HOME/clavier/float.yaml`
/// (default `~/.local/state/clavier`): one line `geometry: WxH+X+Y`, private to the user
/// (mode 0600) and replaced atomically.
public struct FloatStateStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The store in the user's state directory.
    public static func standard(environment: [String: String]? = nil) -> FloatStateStore {
        FloatStateStore(path: StateFile.path("float.yaml", environment: environment))
    }

    /// The remembered rectangle (root coordinates): nil when there is none yet; nil plus a
    /// warning (for the caller to print once) when the file cannot be read or makes no sense.
    public func load() -> (Rect?, warning: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { return (nil, "\(path) is not readable; floating at the default place") }
            return (nil, nil)
        }
        guard let text = String(data: data, encoding: .utf8), let rect = Self.parse(text) else {
            return (nil, "\(path) is corrupt; floating at the default place")
        }
        return (rect, nil)
    }

    /// The rectangle of a state file's text: comments and blank lines aside, exactly one
    /// `geometry: WxH+X+Y` line (X and Y may be negative: a window partly off the left or top).
    static func parse(_ text: String) -> Rect? {
        var found: Rect?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line == "---" { continue }
            guard found == nil, line.hasPrefix("geometry:") else { return nil }
            var value = line.dropFirst("geometry:".count).trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            found = rect(value)
            if found == nil { return nil }
        }
        return found
    }

    /// `WxH+X+Y` with signed offsets from the top left (`WxH+-5+10`), not X11's from-the-right `-X`.
    static func rect(_ text: String) -> Rect? {
        let parts = text.split(separator: "+", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let size = Size(parsing: String(parts[0])), size.width > 0, size.height > 0,
              let x = Int(parts[1]), let y = Int(parts[2]) else { return nil }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    /// The text `save` writes for `rect`.
    static func text(_ rect: Rect) -> String {
        "# Where clavier --float was last; written by clavier.\ngeometry: \(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)\n"
    }

    /// Writes `rect`: a private temporary file in the same directory, fsync'd, then
    /// `rename(2)` over the old one, so a crash leaves either the old place or the new.
    public func save(_ rect: Rect) throws {
        let data = Array(Self.text(rect).utf8)
        try StateFile.writeAtomically(data, to: path)
    }
}
