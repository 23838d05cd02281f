import ClavierCore
import ClavierLayouts
import Foundation
import Testing
@testable import ClavierApp

/// Emoji search on the recording host: the shipped emoji layout, its search opened by a tap,
/// words typed on its letters asked of the host and never typed, a match typed.
@Suite struct EmojiSearchAppTests {
    static func emoji() throws -> Layout {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets").path
        return try LayoutLibrary(directories: [.init(label: "data", path: assets)], shipped: ShippedFiles(baseTheme: .system))
            .layout("emoji")
    }

    /// Taps a key that turns the page (its release lands where it was, on the new page's keys).
    func turn(_ app: AppUnderTest, _ id: Key.ID) {
        let p = app.centre(id)
        app.app.send(.input(.press(p, pointer: 0)))
        app.app.send(.input(.release(p, pointer: 0)))
    }

    @Test func wordsGoToTheSearchAndOnlyTheMatchTappedIsTyped() throws {
        let app = AppUnderTest(layout: try Self.emoji())
        app.host.emojiFound = ["cat": ["🐈", "🐱"]]
        turn(app, "to-search")
        #expect(app.keyboard.page.id == "search")
        for letter in ["c", "a", "t"] { app.tap(letter) }
        app.tap("space")
        app.tap("backspace")
        // Typed into the keyboard's own field: asked of the host, nothing typed.
        #expect(!app.host.log.contains { $0.hasPrefix("type") })
        #expect(app.host.searched == ["c", "ca", "cat", "cat ", "cat"])
        #expect(app.keyboard.page.key(id: "search-field")?.label == .text("🔍 cat▏"))
        let first = app.keyboard.page.rows[0].keys[1]
        #expect(first.label == .text("🐈"))
        app.tap(first.id)
        #expect(app.host.typed == "🐈")
        // The search stays for another match; the close key goes back to the frequent page.
        #expect(app.keyboard.page.id == "search")
        turn(app, "close")
        #expect(app.keyboard.page.id == "frequent" && app.app.session.emojiSearch == nil)
        #expect(app.host.typed == "🐈")
    }
}

/// The host's side of emoji search: the shipped words read by language, English after the
/// keymap's and instead of a language that has none.
@Suite struct EmojiSearcherTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets").path

    @Test func theKeymapsLanguageThenEnglish() {
        var asked: [String] = []
        let searcher = EmojiSearcher { path in
            asked.append(path)
            return path.hasSuffix("-xx.tsv") ? nil : Self.assets + "/" + path
        }
        #expect(searcher.matches(for: "cat", language: "en", frequent: []).first == "🐈")
        // German words first ("katze"), and the English "cat" still finds the cat.
        #expect(searcher.matches(for: "katze", language: "de", frequent: []).contains("🐈"))
        #expect(searcher.matches(for: "cat", language: "de", frequent: []).contains("🐈"))
        #expect(searcher.matches(for: "katze", language: "fr", frequent: []).isEmpty)
        #expect(searcher.matches(for: "coeur", language: "fr", frequent: []).contains("❤️"))
        // A language without words searches in English; each file is looked for once.
        #expect(searcher.matches(for: "cat", language: "xx", frequent: []).first == "🐈")
        _ = searcher.matches(for: "dog", language: "xx", frequent: [])
        #expect(asked == ["emoji/annotations-en.tsv", "emoji/annotations-de.tsv", "emoji/annotations-fr.tsv",
                          "emoji/annotations-xx.tsv"])
        #expect(searcher.matches(for: "cat", language: "en", frequent: []).count <= EmojiSearcher.limit)
    }
}
