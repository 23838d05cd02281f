import ClavierBuiltins
import ClavierCore
import Testing

/// The pc layout's keys: locks shown from the server, AltGr's levels, gaps between blocks.
@Suite struct LocksTests {
    let layout = Layout(id: "pc", pages: [Page(id: "keys", rows: [Row([
        Key(id: "caps", label: .text("Caps Lock"), action: .key(.capsLock), keyClass: .function),
        Key(id: "ad01", label: .text("q"), action: .xkbKey("AD01")),
        Key.gap(width: 0.5),
        Key(id: "kp7", label: .text("7"), action: .xkbKey("KP7")),
        Key(id: "numlock", label: .text("Num"), action: .key(.numLock), keyClass: .function),
        Key(id: "altgr", label: .text("AltGr"), action: .modifier(.altgr), keyClass: .function),
        Key(id: "ctrl", label: .text("Ctrl"), action: .modifier(.ctrl), keyClass: .function),
    ])])])

    func tap(_ k: inout Keyboard, _ id: String) -> [Effect] {
        let r = k.geometry.frame(id: id)!.rect
        let p = Point(x: r.midX, y: r.midY)
        return k.handle(.press(p), at: .now) + k.handle(.release(p), at: .now)
    }

    @Test func lockKeysShowTheServersLocks() {
        var k = Keyboard(layout: layout, size: Size(width: 700, height: 60))
        let caps = k.page.key(id: "caps")!, num = k.page.key(id: "numlock")!
        #expect(k.showsLocks)
        #expect(k.state(of: caps) == .normal && k.state(of: num) == .normal)
        #expect(k.setLocks([.capsLock]) == [.redrawAll])
        #expect(k.setLocks([.capsLock]).isEmpty, "no repaint when nothing changed")
        #expect(k.state(of: caps) == .locked && k.state(of: num) == .normal)
        _ = k.setLocks([.numLock])
        #expect(k.state(of: caps) == .normal && k.state(of: num) == .locked)
        // Tapping Caps Lock types Caps_Lock: the server toggles its lock, and reports it.
        #expect(tap(&k, "caps").contains(.type(.capsLock, modifiers: [])))
        #expect(!Keyboard(layout: .us, size: Size(width: 400, height: 200)).showsLocks)
    }

    @Test func altGrChoosesTheThirdLevelAndIsNotSentAsAModifier() {
        var k = Keyboard(layout: layout, size: Size(width: 700, height: 60))
        let q = KeySym(scalar: "q"), at = KeySym(scalar: "@")
        _ = k.setLiveKeys(["AD01": LiveKey(base: q, shifted: KeySym(scalar: "Q"), altGr: at, shiftedAltGr: KeySym(scalar: "Ω"))])
        _ = tap(&k, "altgr")
        #expect(k.label(of: k.page.key(id: "ad01")!) == .text("@"))
        _ = tap(&k, "ctrl")
        #expect(tap(&k, "ad01").contains(.type(at, modifiers: [.control])), "Ctrl stays a shortcut, AltGr chose the level")
        #expect(k.activeModifiers.isEmpty, "both latches were used up")
        #expect(tap(&k, "ad01").contains(.type(q, modifiers: [])))
    }

    @Test func aKeyWithoutAnAltGrLevelTypesItsPlainLevel() {
        var k = Keyboard(layout: layout, size: Size(width: 700, height: 60))
        let q = KeySym(scalar: "q")
        _ = k.setLiveKeys(["AD01": LiveKey(base: q, shifted: KeySym(scalar: "Q"))])
        _ = tap(&k, "altgr")
        #expect(tap(&k, "ad01").contains(.type(q, modifiers: [])))
    }

    @Test func theKeypadShowsItsSecondMeaningByName() {
        var k = Keyboard(layout: layout, size: Size(width: 700, height: 60))
        // KP_Home (Num Lock off) types no text: its key cap says Home.
        _ = k.setLiveKeys(["KP7": LiveKey(base: KeySym(rawValue: 0xFF95), shifted: KeySym(rawValue: 0xFFB7))])
        #expect(k.label(of: k.page.key(id: "kp7")!) == .text("Home"))
        _ = k.setLiveKeys(["KP7": LiveKey(base: KeySym(rawValue: 0xFFB7), shifted: KeySym(rawValue: 0xFF95), baseText: "7")])
        #expect(k.label(of: k.page.key(id: "kp7")!) == .text("7"))
        // de's key left of 1 is dead_circumflex: its cap shows the accent, not the us label.
        _ = k.setLiveKeys(["AD01": LiveKey(base: KeySym(rawValue: 0xFE52), shifted: KeySym(scalar: "°"))])
        #expect(k.label(of: k.page.key(id: "ad01")!) == .text("^"))
    }

    @Test func aGapTakesRoomButHasNoFrame() {
        // 6.5 key units in 650 px: 100 px a unit.
        let k = Keyboard(layout: layout, size: Size(width: 650, height: 60))
        #expect(k.geometry.frames.count == 6)
        #expect(!k.geometry.frames.contains { $0.key.keyClass == .gap })
        let q = k.geometry.frame(id: "ad01")!.rect, kp7 = k.geometry.frame(id: "kp7")!.rect, numlock = k.geometry.frame(id: "numlock")!.rect
        // Half a key more between q and 7 than between 7 and Num.
        #expect(kp7.x - q.maxX - (numlock.x - kp7.maxX) == 50)
        // A press in the gap goes to the nearest key.
        #expect(k.geometry.key(at: Point(x: Double(q.maxX + 5), y: q.midY))?.id == "ad01")
    }
}

@Suite struct KeySizeTests {
    /// A 1920×1080 monitor 480 mm wide, 270 mm tall: 4 px a millimetre.
    let monitor = Rect(x: 0, y: 0, width: 1920, height: 1080), mm = Size(width: 480, height: 270)

    @Test func aFloatingKeyboardIsSizedByItsKeys() throws {
        let r = try #require(KeySize.floatingRect(pitch: 16, units: 18.5, rows: 6, monitor: monitor, millimetres: mm))
        #expect(r.width == 1184 && r.height == 384 + FloatFrame.handleHeight)
        #expect(r.midX == 960 && r.maxY < 1080)
        let big = try #require(KeySize.floatingRect(pitch: 30, units: 18.5, rows: 6, monitor: monitor, millimetres: mm))
        #expect(big.width == 1920, "no wider than the monitor")
        #expect(big.height == 720 + FloatFrame.handleHeight)
    }

    @Test func anUnknownMonitorSizeGivesNone() {
        #expect(KeySize.floatingRect(pitch: 16, units: 10, rows: 4, monitor: monitor, millimetres: Size(width: 0, height: 0)) == nil)
        #expect(KeySize.floatingRect(pitch: 16, units: 10, rows: 4, monitor: monitor, millimetres: Size(width: 1, height: 1)) == nil)
    }

    @Test func theDockedRowsTakeTheKeySize() {
        let size = Size(width: 1920, height: 1080)
        #expect(DockHeight.physical.pixels(monitor: size, millimetres: mm, rows: 4) == 256)
        #expect(DockHeight.physical.pixels(monitor: size, millimetres: mm, rows: 4, rowPitch: 25) == 400)
    }

    @Test func onlyWideLayoutsFloatByDefault() {
        #expect(!Layout.us.isWide && !Layout.terminal.isWide)
        let wide = Layout(id: "w", pages: [Page(id: "p", rows: [Row((0..<15).map { Key.character("\($0)") })])])
        #expect(wide.isWide && wide.widestUnits == 15)
    }
}
