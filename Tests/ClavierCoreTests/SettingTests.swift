import ClavierCore
import Testing

struct SettingTests {
    static func problem<V>(_ setting: Setting<V>, _ text: String) -> String? {
        do {
            _ = try setting.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func eachSettingReadsItsValues() throws {
        #expect(try Setting.layout.parse("terminal") == "terminal")
        #expect(try Setting.page.parse("numbers") == "numbers")
        #expect(try Setting.geometry.parse("800x260-0+10") == "800x260-0+10")
        #expect(try Setting.float.parse("true") == true && Setting.float.parse("false") == false)
        #expect(try Setting.dock.parse("top") == .top)
        #expect(try Setting.height.parse("35%") == .percent(35) && Setting.height.parse("300px") == .pixels(300))
        #expect(try Setting.scale.parse("1.5") == 1.5 && Setting.scale.parse("4") == 4)
        #expect(try Setting.soundDevice.parse("hw:1,0") == "hw:1,0")
    }

    /// The messages a config file and the command line both print after the setting's name.
    @Test func eachCheckSaysWhatIsWrong() {
        #expect(Self.problem(Setting.geometry, "big") == "geometry 'big' is not of the form WxH+X+Y")
        #expect(Self.problem(Setting.dock, "left") == "dock must be top or bottom, not 'left'")
        #expect(Self.problem(Setting.height, "x") == "height 'x' is neither pixels (300) nor a percentage (35%)")
        #expect(Self.problem(Setting.height, "0") != nil)
        #expect(Self.problem(Setting.scale, "9") == "scale 9.0 is not between 0.5 and 4.0")
        #expect(Self.problem(Setting.scale, "inf") == "scale inf is not between 0.5 and 4.0")
        #expect(Self.problem(Setting.scale, "big") == "scale must be a number")
        #expect(Self.problem(Setting.keySize, "7.5") == "key-size 7.5 is not between 8.0 and 50.0")
        #expect(Self.problem(Setting.keySize, "nan") == "key-size nan is not between 8.0 and 50.0")
        #expect(Self.problem(Setting.keySize, "20") == nil)
        #expect(Self.problem(Setting.kiosk, "yes") == "kiosk must be true or false")
    }

    @Test func kindsSayHowEachIsWritten() {
        let kinds = Dictionary(uniqueKeysWithValues: Settings.all.map { ($0.name, $0.kind) })
        #expect(kinds.filter { $0.value == .flag }.keys.sorted() == ["auto-show", "auto-show-in-kiosk", "float", "kiosk", "learning", "sound"])
        #expect(kinds.filter { $0.value == .number }.keys.sorted() == ["dwell", "key-size", "scale", "scan", "suggestions"])
    }
}
