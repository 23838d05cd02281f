import ArgumentParser
import ClavierCore

/// `clavier geometry`: the key rectangles the running keyboard uses at a size, as JSON.
struct GeometryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geometry",
        abstract: "Print the keys' rectangles of a page at a window size, as JSON.")

    @OptionGroup var options: LayoutOptions

    @Option(help: "The keyboard's size in pixels, WxH.")
    var size = Size(width: 1280, height: 330)

    func run() throws {
        let layout = try options.resolveLayout().withSavedTapCounts()
        var keyboard = Keyboard(layout: layout, page: options.page, size: size)
        // The pad the keyboard shows first when started with the same --seed.
        var source = options.shuffleSource()
        keyboard.reshuffle(using: &source)
        print(Self.json(keyboard))
    }

    static func json(_ keyboard: Keyboard) -> String {
        let keys = keyboard.geometry.frames.map { frame -> String in
            let label: String
            switch keyboard.label(of: frame.key) {
            case .text(let text): label = text
            case .icon(let icon): label = icon.rawValue
            }
            let r = frame.rect
            return "{\"id\":\(quote(frame.key.id)),\"label\":\(quote(label)),\"action\":\(quote(frame.key.action.description)),"
                + "\"x\":\(r.x),\"y\":\(r.y),\"width\":\(r.width),\"height\":\(r.height)}"
        }
        let size = keyboard.geometry.size
        // The accessory bar's cells, when the layout has a bar: completion-0…2, emphasis, strong, code.
        let cells = keyboard.accessory?.cells.map { placed -> String in
            let name: String
            switch placed.cell {
            case .completion(let i): name = "completion-\(i)"
            case .format(let formatting): name = formatting.rawValue
            }
            let r = placed.rect
            return "{\"id\":\(quote(name)),\"x\":\(r.x),\"y\":\(r.y),\"width\":\(r.width),\"height\":\(r.height)}"
        }
        return "{\"layout\":\(quote(keyboard.layout.id)),\"page\":\(quote(keyboard.page.id)),"
            + "\"width\":\(size.width),\"height\":\(size.height),\"keys\":[" + keys.joined(separator: ",") + "]"
            + (cells.map { ",\"accessory\":[" + $0.joined(separator: ",") + "]" } ?? "") + "}"
    }

    /// A JSON string literal (RFC 8259 escapes).
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
