/// What can go wrong talking to the X server.
public enum X11Error: Error, CustomStringConvertible, Equatable {
    case cannotOpenDisplay(String)
    case missingExtension(String)
    case unsupportedVisual(depth: Int32)
    case cannotCreateImage(width: Int, height: Int)

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            name.isEmpty
                ? "cannot open an X display: DISPLAY is not set (run clavier in an X session, or give --display)"
                : "cannot open X display '\(name)' (is an X server running there?)"
        case .missingExtension(let name):
            "the X server lacks the \(name) extension, which Clavier needs"
        case .unsupportedVisual(let depth):
            "the screen's default visual has depth \(depth); Clavier draws on 24- or 32-bit TrueColor only"
        case .cannotCreateImage(let w, let h):
            "could not create an X image of \(w)x\(h)"
        }
    }
}
