import CAccessibleKeys
import ClavierCore
import Glibc

/// The keys a screen reader can see (issue 50): the page's keys and the bar's words as AT-SPI
/// push buttons, named as a voice says them ("q", "shift", "e acute"), where they are on the
/// screen, pressed or checked, with one action, "press", that taps the key. CAccessibleKeys serves
/// them from a thread of its own once the session's accessibility is on (a screen reader, a test
/// tool); until then nothing is published and nothing costs. The app's `AssistiveChannels`
/// feeds it what shows (`follow`) after each paint and takes its presses from its pipe (`serve`),
/// whichever host runs.
final class AccessibleKeys {
    /// The pointer a client's press comes as (dwell's is -1, scanning's -2).
    static let pointer = -3

    /// One object: a key, a word of the bar or a cell of the settings page.
    struct Item: Equatable {
        let target: PressTarget
        let name: String
        let id: String
        /// In the keys' coordinates.
        let rect: Rect
        let state: Int32
    }

    private let fd: Int32
    private var published: [Item] = []
    private var placed = Rect(x: 0, y: 0, width: 0, height: 0)
    private var shown = false
    private var generation: UInt32 = 0

    /// Starts the server's thread where the session has a bus (never starting one), or says why
    /// it cannot and returns nil.
    init?() {
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        guard getenv("DBUS_SESSION_BUS_ADDRESS") != nil || runtime.map({ access($0 + "/bus", F_OK) == 0 }) == true else { return nil }
        var why = [CChar](repeating: 0, count: 256)
        let fd = clavier_accessible_start("clavier", Log.debugEnabled ? 1 : 0, &why, why.count)
        guard fd >= 0 else {
            Log.warning("the keys are not accessible: " + String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            return nil
        }
        self.fd = fd
    }

    deinit { close(fd) }

    var descriptors: [Int32] { [fd] }

    /// What `picture` shows as accessible objects, in the order a scan steps through them (the
    /// bar's words first, then the keys row by row); targets with no place on screen are left out.
    static func items(of picture: Picture) -> [Item] {
        Scanner.rows(of: picture).joined().compactMap { target in
            guard let rect = rect(of: target, on: picture), rect.width > 0, rect.height > 0 else { return nil }
            var state = Int32(CLAVIER_ACCESSIBLE_NORMAL)
            var id: String
            switch target {
            case .key(let keyID):
                id = keyID
                if let key = picture.keyboard.page.key(id: keyID) {
                    switch picture.state(of: key) {
                    case .pressed: state = Int32(CLAVIER_ACCESSIBLE_PRESSED)
                    case .selected, .locked: state = Int32(CLAVIER_ACCESSIBLE_CHECKED)
                    case .disabled: state = Int32(CLAVIER_ACCESSIBLE_DISABLED)
                    case .normal: break
                    }
                }
            case .cell(.completion(let index)): id = "word-\(index)"
            case .cell(.format(let formatting)): id = "format-" + formatting.rawValue
            case .cell(.settings): id = "settings"
            case .cell(.speak): id = "speak"
            case .cell(.savePhrase): id = "save-phrase"
            case .alternate(let index): id = "alternate-\(index ?? -1)"
            case .page(let action, _): id = "setting-" + SettingsPage.name(of: action)
            }
            return Item(target: target, name: ScanPrompt.name(of: target, on: picture), id: id, rect: rect, state: state)
        }
    }

    private static func rect(of target: PressTarget, on picture: Picture) -> Rect? {
        if let page = picture.settingsPage { return page.rect(of: target) }
        return switch target {
        case .key(let id): picture.geometry.frame(id: id)?.rect
        case .cell(let cell): picture.accessory?.rect(of: cell)
        case .alternate, .page: nil
        }
    }

    /// Publishes what `picture` shows when a client may look (else nothing is done): `keys` is
    /// the keys' area on the screen (the window's place, below a floating keyboard's handle).
    func follow(_ picture: Picture, keys: Rect, shown: Bool) {
        guard clavier_accessible_wanted() != 0 else { return }
        let items = Self.items(of: picture)
        guard items != published || keys != placed || shown != self.shown else { return }
        published = items
        placed = keys
        self.shown = shown
        clavier_accessible_begin(Int32(items.count), Int32(keys.x), Int32(keys.y), Int32(keys.width), Int32(keys.height), shown ? 1 : 0)
        for (index, item) in items.enumerated() {
            clavier_accessible_item(Int32(index), item.name, item.id, Int32(keys.x + item.rect.x), Int32(keys.y + item.rect.y),
                                    Int32(item.rect.width), Int32(item.rect.height), item.state)
        }
        generation = clavier_accessible_commit()
    }

    /// Reads the server's pipe when `fd` is its own (nil: another's): the targets its clients
    /// pressed since, and whether what shows is to be published now (the server just registered).
    func serve(_ fd: Int32) -> (pressed: [PressTarget], publish: Bool)? {
        guard fd == self.fd else { return nil }
        var bytes = [UInt8](repeating: 0, count: 64)
        var publish = false, pressedSaid = false
        while case let count = read(fd, &bytes, bytes.count), count > 0 {
            publish = publish || bytes[..<count].contains(UInt8(ascii: "w"))
            pressedSaid = pressedSaid || bytes[..<count].contains(UInt8(ascii: "p"))
        }
        guard pressedSaid else { return ([], publish) }
        var indices = [Int32](repeating: 0, count: 32)
        let taken = Int(clavier_accessible_take_presses(generation, &indices, Int32(indices.count)))
        let pressed = indices.prefix(taken).compactMap { published.indices.contains(Int($0)) ? published[Int($0)].target : nil }
        return (pressed, publish)
    }
}
