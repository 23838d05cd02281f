import ClavierTestSupport
import Foundation
import Testing

/// Each layout for another script (issue 51) types exactly what its keys say into xterm
/// under the `us` keymap, which has none of these characters (each typed through a borrowed
/// keycode): a word, and a key's Shift layer (hi, th) or a capital by the layout's language.
@Suite(.needsClavier, .needsDisplay) struct ScriptLayoutTypingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var layout: String
        var keys: [String]
        var typed: String
        var testDescription: String { layout }
    }

    static let cases = [
        Case(layout: "ru", keys: ["shift", "п", "р", "и", "в", "е", "т"], typed: "Привет"),
        Case(layout: "uk", keys: ["shift", "ї", "ж", "а", "к", "і", "є", "ʼ"], typed: "Їжакієʼ"),
        Case(layout: "bg", keys: ["shift", "ч", "е", "т", "я", "ъ", "щ"], typed: "Четяъщ"),
        Case(layout: "el", keys: ["shift", "λ", "ε", "ξ", "η", "ς"], typed: "Λεξης"),
        Case(layout: "tr", keys: ["shift", "i", "ş", "ç", "i", "ğ", "ü", "ö", "ı"], typed: "İşçiğüöı"),
        Case(layout: "ar", keys: ["س", "ل", "ا", "م", "،"], typed: "سلام،"),
        Case(layout: "fa", keys: ["م", "ی", "zwnj", "ش", "و", "د", "پ", "چ", "گ"], typed: "می\u{200C}شودپچگ"),
        Case(layout: "he", keys: ["ש", "ל", "ו", "ם"], typed: "שלום"),
        // नमस्ते, then Shift on ट (InScript's ठ) and on ो (ओ).
        Case(layout: "hi", keys: ["न", "म", "स", "्", "त", "े", "shift", "ट", "shift", "ो", "।"], typed: "नमस्तेठओ।"),
        // สวัสดี, then Shift on ะ (Kedmanee's ธ) and on the top row's ภ (๓).
        Case(layout: "th", keys: ["ส", "ว", "ั", "ส", "ด", "ี", "shift", "ะ", "shift", "ภ"], typed: "สวัสดีธ๓"),
        // Vietnamese's own letters by a tap (its tones by a long press: VietnameseTypingTests).
        Case(layout: "vi", keys: ["shift", "đ", "ă", "n", "g", "â", "ê", "ô", "ơ", "ư"], typed: "Đăngâêôơư"),
    ]

    @Test(arguments: cases)
    func typesExactly(_ c: Case) throws {
        let session = try KeyboardSession(windowManager: false, clavierArguments: ["--no-sound", "--layout", c.layout])
        try session.tap(c.keys + ["return"])
        #expect(session.waitForLines(1), "\(session.said)")
        #expect(session.received == c.typed + "\n", "xterm received \(session.received.debugDescription)")
        #expect(session.stopKeyboard() == 0)
    }
}
