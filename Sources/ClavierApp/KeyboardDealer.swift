import ClavierCore
import ClavierLayouts

/// The keyboards the app hands the session: a layout's, loaded by name from its first page,
/// and the one showing made again as it is shown (the frequently used page refilled, a PIN
/// pad's digits dealt anew). Owns the source the digits are dealt from.
struct KeyboardDealer {
    var shuffleSource: any RandomNumberGenerator

    /// The keyboard of the layout `name` names, or what went wrong. Never a file's contents: a
    /// diagnostic may quote the file, which the asking process may not be allowed to read
    /// (`clavier layout` checks a file itself).
    mutating func load(_ name: String, _ change: LayoutChange, on host: KeyboardHost) -> Result<Keyboard, LayoutProblem> {
        let layout: Layout
        do {
            layout = try host.loadLayout(name)
        } catch {
            if case .rule = change { Log.error("a window rule's layout '\(name)': \(error)") }
            guard case .invalid(let diagnostics) = error else { return .failure(LayoutProblem(message: "\(error)")) }
            return .failure(LayoutProblem(message: "'\(name)' is not a layout Clavier can show: \(diagnostics.count) problem"
                                          + (diagnostics.count == 1 ? "" : "s") + " (clavier check \(name))"))
        }
        var keyboard = host.makeKeyboard(host.words.refreshLayout(layout) ?? layout, page: nil)
        keyboard.reshuffle(using: &shuffleSource)
        return .success(keyboard)
    }

    /// `keyboard` made again to be shown again, or nil when it stays as it is.
    mutating func refreshed(_ keyboard: Keyboard, on host: KeyboardHost) -> Keyboard? {
        var next: Keyboard?
        if let refreshed = host.words.refreshLayout(keyboard.layout) {
            next = host.makeKeyboard(refreshed, page: keyboard.page.id)
        }
        if keyboard.layout.hasShuffledKeys {
            var shuffled = next ?? keyboard
            shuffled.reshuffle(using: &shuffleSource)
            next = shuffled
        }
        return next
    }
}

/// Why a layout could not be loaded, as a control request's reply says it.
struct LayoutProblem: Error {
    let message: String
}
