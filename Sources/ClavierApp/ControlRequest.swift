import ClavierCore
import ClavierJSON

/// One request of `clavier show|hide|toggle|quit|status|layout NAME`: client and server
/// share this type, and it travels as one JSON line on the control socket
/// (`{"request":"layout","name":"emoji"}`).
package enum ControlRequest: Equatable, Codable {
    case show, hide, toggle, quit, status, forget, settings
    case layout(String)

    private enum CodingKeys: String, CodingKey { case request, name }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .request) {
        case "show": self = .show
        case "hide": self = .hide
        case "toggle": self = .toggle
        case "quit": self = .quit
        case "status": self = .status
        case "forget": self = .forget
        case "settings": self = .settings
        case "layout": self = .layout(try c.decode(String.self, forKey: .name))
        case let other: throw DecodingError.dataCorruptedError(forKey: .request, in: c, debugDescription: "unknown request '\(other)'")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let names: [ControlRequest: String] = [.show: "show", .hide: "hide", .toggle: "toggle", .quit: "quit", .status: "status", .forget: "forget",
                                              .settings: "settings"]
        if case .layout(let name) = self {
            try c.encode("layout", forKey: .request)
            try c.encode(name, forKey: .name)
        } else {
            try c.encode(names[self] ?? "", forKey: .request)
        }
    }

    /// The request as its line on the socket (without the newline).
    var line: String { (try? JSON.string(self, options: .wire)) ?? "" }

    /// The request a line asks for; nil when it is none.
    init?(line: String) {
        guard let request = try? JSON.decode(ControlRequest.self, from: line) else { return nil }
        self = request
    }

    /// The session's request it is; nil for `status`, which only reads.
    var sessionRequest: SessionRequest? {
        switch self {
        case .show: .show
        case .hide: .hide
        case .toggle: .toggle
        case .quit: .quit
        case .status: nil
        case .forget: .forget
        case .settings: .settings
        case .layout(let name): .layout(name)
        }
    }
}

extension ControlRequest: Hashable {}

extension ControlRequest {
    /// Carries out the request `line` on the running keyboard and says how it went (kiosk
    /// mode's refusals are the session's, Session+Kiosk.swift).
    static func respond(to line: String, app: KeyboardApp) -> ControlReply {
        guard let request = ControlRequest(line: line) else { return .failed("unknown request '\(line)'") }
        guard let asked = request.sessionRequest else {
            var status = app.session.status(geometry: app.host.screen.windowRect, at: app.now())
            status.typing = app.host.typist.typingName
            return .ok(status)
        }
        return app.respond(to: asked)
    }
}
