import Foundation

/// A rectangle as sway's IPC gives it, in layout pixels.
public struct SwayRect: Decodable, Equatable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A node of `swaymsg -t get_tree`: the root, an output, a workspace or a window (`con`, or
/// `floating_con`). Layer-shell surfaces (a docked keyboard, a bar) are not in the tree in sway
/// 1.7; what their exclusive zones take shows as a workspace smaller than its output.
public struct SwayNode: Decodable, Sendable {
    public var id: Int
    public var type: String
    public var name: String?
    /// A native Wayland window's xdg-shell app_id (nil for the other nodes).
    public var appID: String?
    public var pid: Int?
    public var focused: Bool
    public var rect: SwayRect
    public var nodes: [SwayNode]
    public var floatingNodes: [SwayNode]

    enum CodingKeys: String, CodingKey {
        case id, type, name, pid, focused, rect, nodes
        case appID = "app_id", floatingNodes = "floating_nodes"
    }

    /// This node and all below it, depth first.
    public var all: [SwayNode] { [self] + (nodes + floatingNodes).flatMap(\.all) }

    /// The windows (tiled and floating) in and below this node.
    public var windows: [SwayNode] { all.filter { $0.type == "con" || $0.type == "floating_con" } }

    /// The node that has the focus (a window, or an empty workspace), if any.
    public var focusedNode: SwayNode? { all.first { $0.focused } }
}

/// An entry of `swaymsg -t get_workspaces`, or of `get_outputs` (which has no `focused`
/// of its own meaning here: an output's `rect` is its whole area).
public struct SwayArea: Decodable, Sendable {
    public var name: String
    public var rect: SwayRect
    public var focused: Bool?
}

extension HeadlessSway {
    /// The whole tree, as `swaymsg -t get_tree` gives it.
    public func tree() throws(HarnessError) -> SwayNode {
        try decode(SwayNode.self, swaymsg(["-r", "-t", "get_tree"]))
    }

    /// The focused window, if a window has the focus.
    public func focusedWindow() throws(HarnessError) -> SwayNode? {
        try tree().windows.first { $0.focused }
    }

    /// Waits up to `seconds` for a window with `appID` to have the focus, and returns it.
    @discardableResult
    public func waitForFocus(appID: String, seconds: Double = 10) throws(HarnessError) -> SwayNode {
        var window: SwayNode?
        Harness.waitFor(seconds) {
            window = (try? focusedWindow()).flatMap { $0?.appID == appID ? $0 : nil }
            return window != nil
        }
        guard let window else {
            let now = (try? focusedWindow()).flatMap { $0 }
            throw HarnessError("no window \(appID) focused within \(seconds) s (focused: \(now?.appID ?? now?.name ?? "none"))")
        }
        return window
    }

    /// The focused workspace's rectangle: the output less what layer surfaces' exclusive zones
    /// take (a keyboard docked at the bottom with an exclusive zone of 240 leaves 1280x560 of 1280x800).
    public func workspaceRect() throws(HarnessError) -> SwayRect {
        let all = try decode([SwayArea].self, swaymsg(["-r", "-t", "get_workspaces"]))
        guard let focused = all.first(where: { $0.focused == true }) ?? all.first else { throw HarnessError("sway has no workspace") }
        return focused.rect
    }

    /// HEADLESS-1's whole rectangle, which exclusive zones do not change.
    public func outputRect() throws(HarnessError) -> SwayRect {
        let all = try decode([SwayArea].self, swaymsg(["-r", "-t", "get_outputs"]))
        guard let output = all.first else { throw HarnessError("sway has no output") }
        return output.rect
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws(HarnessError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(json.utf8))
        } catch {
            throw HarnessError("cannot read swaymsg's answer as \(T.self): \(error)")
        }
    }
}
