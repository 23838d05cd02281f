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

    /// The session's request it is; nil for `status`, which only reads.
    var sessionRequest: SessionRequest? {
        switch self {
        case .show: .show
        case .hide: .hide
        case .toggle: .toggle
        case .quit: .quit
        case .status: nil
        case .layout(let name): .layout(name)
        }
    }
}

extension ControlRequest {
    /// Carries out the request `line` on the running keyboard and says how it went (kiosk
    /// mode's refusals are the session's, Session+Kiosk.swift).
    static func respond(to line: String, app: KeyboardApp) -> ControlReply {
        guard let request = ControlRequest(line: line) else { return .failed("unknown request '\(line)'") }
        guard let asked = request.sessionRequest else {
            return .ok(app.session.statusLines(geometry: app.host.windowRect, at: app.now()))
        }
        return app.respond(to: asked)
    }
}
