import ArgumentParser
import ClavierCore
import ClavierJSON

/// `clavier geometry`: the key rectangles the running keyboard uses at a size, as JSON.
struct GeometryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geometry",
        abstract: "Print the keys' rectangles of a page at a window size, as JSON.")

    @OptionGroup var options: LayoutArguments

    @Option(help: ArgumentHelp(FieldKind.help, valueName: "KIND")) var field: FieldKind?

    @Option(help: "The keyboard's size in pixels, WxH.")
    var size = Size(width: 1280, height: 330)

    @Flag(help: "Lay out a keyboard whose settings page cannot open (--kiosk, --xid): no gear on the bar.")
    var noSettingsPage = false

    @Flag(help: "Lay out a keyboard that speaks (--speech on): the bar's Save and Speak cells (Speak alone with --no-settings-page, as a kiosk).")
    var speech = false

    func run() throws {
        let layout = try options.resolveLayout().withSavedTapCounts()
        var keyboard = Keyboard(layout: layout, page: options.page, size: size)
        // As the running keyboard is laid out: its bar ends in the settings gear where the page may open.
        keyboard.opensSettings = !noSettingsPage
        keyboard.sentenceCells = Session.sentenceCells(speech: speech, kiosk: noSettingsPage)
        // The pad the keyboard shows first when started with the same --seed.
        if let field { _ = keyboard.show(FieldKeys(for: field), after: FieldKeys(), turnPage: options.page == nil) }
        var source = options.shuffleSource()
        keyboard.reshuffle(using: &source)
        print(Self.json(keyboard))
    }

    /// The README's JSON: layout, page, width, height, keys (id, label, action, x, y, width,
    /// height) and, when the layout has a bar, accessory (id, x, y, width, height), in that order.
    static func json(_ keyboard: Keyboard) -> String {
        let keys = keyboard.geometry.frames.map { frame -> JSONObject in
            let label = switch keyboard.label(of: frame.key) {
            case .text(let text): text
            case .icon(let icon): icon.rawValue
            }
            return JSONObject(["id": .text(frame.key.id), "label": .text(label), "action": .text(frame.key.action.description)])
                .adding(frame.rect)
        }
        let size = keyboard.geometry.size
        var printed = JSONObject(["layout": .text(keyboard.layout.id), "page": .text(keyboard.page.id),
                                  "width": .number(size.width), "height": .number(size.height), "keys": .objects(keys)])
        // The accessory bar's cells: completion-0…2, emphasis, strong, code, save-phrase, speak, settings.
        if let cells = keyboard.accessory?.cells {
            printed.fields.append(("accessory", .objects(cells.map { placed in
                let id = switch placed.cell {
                case .completion(let i): "completion-\(i)"
                case .format(let formatting): formatting.rawValue
                case .settings: "settings"
                case .speak: "speak"
                case .savePhrase: "save-phrase"
                }
                return JSONObject(["id": .text(id)]).adding(placed.rect)
            })))
        }
        return printed.json
    }
}

/// A JSON object whose fields keep the order they were given in, as the README shows
/// `clavier geometry`'s fields.
struct JSONObject {
    enum Value {
        case text(String)
        case number(Int)
        case objects([JSONObject])
    }
    var fields: [(String, Value)]

    init(_ fields: KeyValuePairs<String, Value>) { self.fields = fields.map { ($0.key, $0.value) } }

    /// The object with `x`, `y`, `width` and `height` after its fields.
    func adding(_ rect: Rect) -> JSONObject {
        var out = self
        out.fields += [("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)), ("height", .number(rect.height))]
        return out
    }

    var value: JSONValue {
        .object(fields.map { name, value in
            switch value {
            case .text(let string): JSONMember(name, .string(string))
            case .number(let number): JSONMember(name, .number(String(number)))
            case .objects(let objects): JSONMember(name, .array(objects.map(\.value)))
            }
        })
    }

    /// One line; only containers nested 512 deep could fail to write.
    var json: String { String(decoding: (try? JSON.write(value, options: .withoutEscapingSlashes)) ?? [], as: UTF8.self) }
}
