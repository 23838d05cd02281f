@testable import ClavierCore
import ClavierRender
import Testing

/// The settings page's look, in the shipped themes: big cells in the keys' faces, − and +
/// on a stepped setting (the height a share of the monitor), a locked one greyed with why
/// (the command line's, Wayland's), Done on a function key's face.
@Suite(.serialized)
struct SettingsPageGoldenTests {
    static func picture(size: Size) -> Picture {
        var commandLine = SettingsLayer(), page = SettingsLayer()
        commandLine[.sound] = false
        page[.keySize] = 18
        page[.dwell] = 1000
        page[.height] = .percent(35)
        var sources = SettingsSources(commandLine: commandLine, page: page)
        // A cell the window system cannot carry out (scanning's switch on Wayland) is locked with why.
        sources.unavailable[Setting.scanSwitch.name] = "not on Wayland"
        return Picture(Keyboard(layout: .us, size: size), settingsPage: SettingsPage(sources, size: size))
    }

    @Test(arguments: ["system", "dark", "high-contrast"], [Size(width: 1280, height: 330), Size(width: 600, height: 300)])
    func matchesGolden(theme: String, size: Size) throws {
        let canvas = try Canvas(size: size)
        let painter = KeyboardPainter(theme: try ShippedLayoutGoldenTests.library.theme(theme))
        painter.paintAll(Self.picture(size: size), on: canvas)
        try GoldenImage.check(canvas, named: "settings-\(size.width)x\(size.height)-\(theme)")
        // A key's repaint while the page is open repaints the page, never a key over it.
        #expect(painter.paintKeys(["g"], of: Self.picture(size: size), on: canvas)
                == Rect(x: 0, y: 0, width: size.width, height: size.height))
        #expect(KeyboardPainter.pictureKey(of: Self.picture(size: size), theme: painter.theme) == nil, "never a kept first picture")
    }

    /// The page under the aids: a dwell halfway through its count on the key size's +, and
    /// the scan's highlight on the second row's cells (the marks are the keys' own).
    @Test func theAidsMarksMatchGolden() throws {
        let size = Size(width: 800, height: 260)
        let plain = Self.picture(size: size), page = try #require(plain.settingsPage)
        var marks = KeyMarks()
        marks.dwell = (.page(.setting("key-size"), .plus), 0.5)
        marks.scanned = Set(page.scanRows[1])
        let picture = Picture(plain.keyboard, marks: marks, settingsPage: page)
        let canvas = try Canvas(size: size)
        KeyboardPainter(theme: try ShippedLayoutGoldenTests.library.theme("system")).paintAll(picture, on: canvas)
        try GoldenImage.check(canvas, named: "settings-aids-800x260-system")
    }

    /// The way in for a switch on a layout with no bar (the phone pad): the scan's last row,
    /// the gear, painted over the middle of the keys while highlighted; not at all otherwise.
    @Test func theScansGearOverAKeyboardWithNoBarMatchesGolden() throws {
        let size = Size(width: 600, height: 300)
        var keyboard = Keyboard(layout: try ShippedLayoutGoldenTests.library.layout("phone"), size: size)
        keyboard.opensSettings = true
        #expect(!keyboard.showsGear && Scanner.rows(of: Picture(keyboard)).last == [.cell(.settings)])
        var marks = KeyMarks()
        marks.scanned = [.cell(.settings)]
        let painter = KeyboardPainter(theme: try ShippedLayoutGoldenTests.library.theme("system"))
        let canvas = try Canvas(size: size)
        painter.paintAll(Picture(keyboard, marks: marks), on: canvas)
        try GoldenImage.check(canvas, named: "scan-gear-phone-600x300-system")
        // A key repainted under it repaints it too, never a key over it.
        #expect(painter.paintKeys(["1"], of: Picture(keyboard, marks: marks), on: canvas) == Rect(x: 0, y: 0, width: 600, height: 300))
    }
}
