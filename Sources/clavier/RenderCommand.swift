import ArgumentParser
import ClavierCore
import ClavierRender

/// `clavier render`: paints a page into a PNG without any X server.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a page of a layout to a PNG file, without an X server.")

    @OptionGroup var options: LayoutArguments

    @Option(help: ArgumentHelp(FieldKind.help, valueName: "KIND")) var field: FieldKind?

    @Option(help: "The keyboard's size in pixels, WxH.")
    var size = Size(width: 1280, height: 330)

    @Option(help: "Draw this key (by id) as pressed.")
    var press: [String] = []

    @Option(help: "Draw Shift as latched or locked.")
    var shift: ModifierLatch = .off

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @Flag(help: "Paint a keyboard whose settings page cannot open (--kiosk, --xid): no gear on the bar.")
    var noSettingsPage = false

    @Flag(help: "Paint a keyboard that speaks (--speech on): the bar's Save and Speak cells (Speak alone with --no-settings-page, as a kiosk).")
    var speech = false

    func run() throws {
        let layout = try options.resolveLayout().withSavedTapCounts()
        var keyboard = Keyboard(layout: layout, page: options.page, size: size)
        // As the running keyboard shows it: its bar ends in the settings gear where the page may open.
        keyboard.opensSettings = !noSettingsPage
        keyboard.sentenceCells = Session.sentenceCells(speech: speech, kiosk: noSettingsPage)
        let fieldKeys = field.map(FieldKeys.init(for:)) ?? FieldKeys()
        _ = keyboard.show(fieldKeys, after: FieldKeys(), turnPage: options.page == nil)
        var source = options.shuffleSource()
        keyboard.reshuffle(using: &source)
        for (pointer, id) in press.enumerated() {
            guard keyboard.page.key(id: id) != nil else {
                throw ValidationError("page '\(keyboard.page.id)' has no key '\(id)' (keys: \(keyboard.page.keys.map(\.id).joined(separator: " ")))")
            }
            keyboard.setPressed(id, pointer: pointer)
        }
        keyboard.setShift(shift)
        let canvas = try Canvas(size: size)
        KeyboardPainter(theme: try options.resolveTheme()).paintAll(Picture(keyboard, isPrivate: fieldKeys.isPrivate), on: canvas)
        try canvas.writePNG(to: output)
    }
}

extension ModifierLatch: ExpressibleByArgument {}
