import ClavierX11
import Testing

/// `_XKB_RULES_NAMES` read, and the record of a changed keymap written and read back.
struct KeymapRecordTests {
    @Test func theRulesNamesAreReadAndGiveSetxkbmapEveryField() throws {
        let names = try #require(XKBNames(property: "evdev\0pc105\0us,de\0,nodeadkeys\0grp:alt_shift_toggle\0"))
        #expect(names == XKBNames(rules: "evdev", model: "pc105", layout: "us,de", variant: ",nodeadkeys", options: "grp:alt_shift_toggle"))
        #expect(names.layouts == ["us", "de"])
        #expect(names.setxkbmapArguments == ["-rules", "evdev", "-model", "pc105", "-layout", "us,de", "-variant", ",nodeadkeys",
                                             "-option", "", "-option", "grp:alt_shift_toggle"])
        // Options cleared, and an empty variant given, so none of the changed keymap's stays.
        #expect(XKBNames(property: "evdev\0pc105\0us\0\0\0")?.setxkbmapArguments
                == ["-rules", "evdev", "-model", "pc105", "-layout", "us", "-variant", "", "-option", ""])
        #expect(XKBNames(property: "evdev\0pc105") == nil)
    }

    @Test func theRecordReadsBackWhatItWrote() throws {
        let owner = KeycodeOwner(pid: 4321, start: 998_877, namespace: "pid:[4026531836]", host: "kiosk 7")
        let record = KeymapRecord(original: XKBNames(rules: "evdev", model: "pc105", layout: "us,de", variant: ",nodeadkeys"),
                                  changedTo: "us,de,ru", owner: owner)
        #expect(record.text == "4321 998877 pid:[4026531836] kiosk%207 us,de,ru evdev pc105 us,de ,nodeadkeys %\n")
        #expect(KeymapRecord(text: record.text) == record)
        #expect(KeymapRecord(text: "4321 998877 pid:[1] host evdev") == nil)
        #expect(KeymapRecord(text: "") == nil)
    }
}
