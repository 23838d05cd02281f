import ClavierCore

/// One request of `clavier show|hide|toggle|quit|status|layout NAME`, as a line on the
/// control socket.
enum ControlRequest: Equatable {
    case show, hide, toggle, quit, status
    case layout(String)

    /// The request a line asks for; nil when it is none of them.
    init?(line: String) {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        switch (words.first ?? "", words.count) {
        case ("show", 1): self = .show
        case ("hide", 1): self = .hide
        case ("toggle", 1): self = .toggle
        case ("quit", 1): self = .quit
        case ("status", 1): self = .status
        case ("layout", 2): self = .layout(words[1])
        default: return nil
        }
    }

    /// Whether kiosk mode refuses it: a kiosk keyboard cannot be hidden, quit or switched
    /// from outside.
    var leavesKiosk: Bool {
        switch self {
        case .hide, .toggle, .quit, .layout: true
        case .show, .status: false
        }
    }
}

/// What the control socket can ask of a running keyboard.
protocol ControlledKeyboard: AnyObject {
    var isShown: Bool { get }
    /// Shows the keyboard, or keeps it shown; either way the user asked for it.
    func show()
    func hide()
    func quit()
    /// The `status` lines after `visible`/`hidden`: layout, page and geometry.
    var statusLines: [String] { get }
    /// Shows the layout `name` names (a name or a file), or throws why it cannot.
    func switchLayout(to name: String) throws
}

extension ControlRequest {
    /// Carries out the request `line` on `keyboard` and says how it went.
    static func respond(to line: String, kiosk: Bool, keyboard: ControlledKeyboard) -> ControlReply {
        guard let request = ControlRequest(line: line) else { return .failed("unknown request '\(line)'") }
        if kiosk && request.leavesKiosk {
            return .refused("the keyboard runs in kiosk mode: it cannot be hidden, quit or switched from outside")
        }
        switch request {
        case .show: keyboard.show()  // Shown already, it still counts as shown by hand (auto-show).
        case .hide: if keyboard.isShown { keyboard.hide() }
        case .toggle: keyboard.isShown ? keyboard.hide() : keyboard.show()
        case .quit: keyboard.quit()
        case .status: return .ok([keyboard.isShown ? "visible" : "hidden"] + keyboard.statusLines)
        case .layout(let name):
            do {
                try keyboard.switchLayout(to: name)
            } catch {
                return .failed("\(error)")
            }
        }
        return .ok([])
    }
}

/// Why a request could not be carried out, as the reply says it.
struct ControlFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
