import ClavierBuiltins
import ClavierCore
import ClavierLayouts
import Foundation
import Testing

enum Files {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static func yaml(in dir: String) -> [String] {
        let path = root.appendingPathComponent(dir).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted().map { path + "/" + $0 }
    }
    static var shippedLayouts: [String] { yaml(in: "Assets/layouts") }
    static var shippedThemes: [String] { yaml(in: "Assets/themes") }
    /// A file for each kind of mistake `clavier check` reports, named here so that one that
    /// goes missing fails its test rather than leaving fewer to run.
    static let broken = ["bad-width", "duplicate-field", "duplicate-key-id", "duplicate-page-id", "empty-page", "label-and-icon",
                         "missing-page", "no-pages", "syntax-error", "unknown-icon", "unknown-key-field", "unknown-keysym",
                         "unknown-modifier", "unknown-top-field", "themes/bad-alpha", "themes/bad-colour", "themes/unknown-field"]
        .map { root.appendingPathComponent("Tests/ClavierLayoutsTests/Broken/\($0).yaml").path }
    /// The shipped files, every one parsed (none taken for a built-in value).
    static let library = LayoutLibrary(directories: [.init(label: "data", path: root.appendingPathComponent("Assets").path)],
                                       shipped: ShippedFiles(baseTheme: .system))
    /// What the keyboard is given: the built-in values, and the hashes of the files they were made from.
    static let builtin = ShippedFiles(baseTheme: .system, layouts: BuiltinFiles.layouts, themes: BuiltinFiles.themes)
}

struct ShippedFileTests {
    @Test(arguments: Files.shippedLayouts)
    func layoutLoadsWithoutProblems(_ path: String) throws {
        let result = FileChecker.check(path: path)
        #expect(result.kind == .layout)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let layout = try Files.library.layout(path)
        #expect(!layout.pages.isEmpty)
        for page in layout.pages {
            #expect(!page.keys.isEmpty)
            // Gaps are room between keys, with no id of their own.
            let keys = page.keys.filter { $0.keyClass != .gap }
            #expect(Set(keys.map(\.id)).count == keys.count, "duplicate ids on \(page.id)")
            for case .page(let target) in page.keys.map(\.action) { #expect(layout.page(id: target) != nil) }
        }
    }

    @Test(arguments: Files.shippedThemes)
    func themeLoadsWithoutProblems(_ path: String) throws {
        let result = FileChecker.check(path: path)
        #expect(result.kind == .theme)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        _ = try Files.library.theme(path)
    }

    @Test func theShippedLayoutsAndThemesAreThere() {
        let layouts = Set(Files.shippedLayouts.map(LayoutLibrary.name(of:)))
        let themes = Set(Files.shippedThemes.map(LayoutLibrary.name(of:)))
        #expect(layouts.isSuperset(of: ["us"]))
        #expect(themes == ["system", "dark", "high-contrast"])
    }

    /// A layout of another language than English names its space bar in that language
    /// (issue 51), on every page that has one: "пробел" on ru, "مسافة" on ar.
    @Test(arguments: Files.shippedLayouts)
    func theSpaceBarIsNamedInTheLayoutsLanguage(_ path: String) throws {
        let layout = try Files.library.layout(path)
        guard let language = layout.options.language, language != "en" else { return }
        for page in layout.pages {
            for key in page.keys where key.id == "space" {
                #expect(key.label != .text("space"), "\(layout.id)/\(page.id): the space bar says \"space\" in a \(language) layout")
            }
        }
    }

    /// markdown turns the bar on; the pads forbid learning words.
    @Test func accessoryAndLearningOptions() throws {
        let markdown = try Files.library.layout("markdown")
        #expect(markdown.options.accessory == [.completions, .formatting])
        #expect(markdown.options.learnsWords)
        #expect(markdown.pages == Layout.us.pages)
        #expect(try Files.library.layout("pin").options.learnsWords == false)
        #expect(try Files.library.layout("phone").options.learnsWords == false)
        #expect(try Files.library.layout("us").options.accessory == [.completions], "a text layout offers suggestions")
        for pad in ["pin", "phone", "emoji"] { #expect(try Files.library.layout(pad).options.accessory.isEmpty, "\(pad)") }
    }

    /// The shipped file's text, parsed (the library would hand back the built-in value).
    static func parsedLayout(_ name: String) throws -> Layout {
        let path = Files.root.appendingPathComponent("Assets/layouts/\(name).yaml").path
        return try LayoutFile.parse(try String(contentsOfFile: path, encoding: .utf8), id: name, file: path)
    }

    static func parsedTheme(_ name: String) throws -> Theme {
        let path = Files.root.appendingPathComponent("Assets/themes/\(name).yaml").path
        return try ThemeFile.parse(try String(contentsOfFile: path, encoding: .utf8), name: name, file: path, over: .system)
    }

    /// The YAML us is the built-in fallback, key for key: make-builtins wrote `Layout.us`
    /// from this file at build time, so this holds its printer to every field us.yaml sets
    /// (BuiltinsPrinterTests hold it to every field there is).
    @Test func yamlUSEqualsTheBuiltIn() throws {
        let yaml = try Self.parsedLayout("us")
        #expect(yaml.pages.map(\.id) == Layout.us.pages.map(\.id))
        for (a, b) in zip(yaml.pages, Layout.us.pages) {
            for (x, y) in zip(a.keys, b.keys) { #expect(x == y, "page \(a.id)") }
            #expect(a == b)
        }
        #expect(yaml == Layout.us)
    }

    /// system.yaml sets every field (it is what the others are read over) and is the built-in.
    @Test func yamlSystemEqualsTheBuiltIn() throws {
        let path = Files.root.appendingPathComponent("Assets/themes/system.yaml").path
        let yaml = try ThemeFile.parseComplete(try String(contentsOfFile: path, encoding: .utf8), name: "system", file: path)
        #expect(yaml.name == "system")
        // label-disabled is written 127.5 (look.md's grey 0.5) so it is exact.
        #expect(yaml == Theme.system)
    }

    /// A us.yaml that is not the shipped text is read for what it says.
    @Test func anEditedUSIsParsedNotTakenForTheBuiltIn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clavier-shipped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("layouts"), withIntermediateDirectories: true)
        let shipped = try String(contentsOfFile: Files.root.appendingPathComponent("Assets/layouts/us.yaml").path, encoding: .utf8)
        let edited = shipped.replacingOccurrences(of: "      - - q\n", with: "      - - Q\n")
        #expect(edited != shipped, "us.yaml has no '- - q' line to edit")
        try edited.write(to: dir.appendingPathComponent("layouts/us.yaml"), atomically: true, encoding: .utf8)
        let library = LayoutLibrary(directories: [.init(label: "user", path: dir.path)], shipped: Files.builtin)
        let layout = try library.layout("us")
        #expect(layout != Layout.us)
        #expect(layout.pages[0].keys[0] != Layout.us.pages[0].keys[0])
        #expect(Array(layout.pages[0].keys.dropFirst()) == Array(Layout.us.pages[0].keys.dropFirst()))
    }
}

struct BrokenFileTests {
    /// Each broken file says on its first line what `clavier check` must report first:
    /// `# expect: LINE:COLUMN: MESSAGE`.
    @Test(arguments: Files.broken)
    func reportsTheProblemWhereItIs(_ path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let first = try #require(text.split(separator: "\n").first)
        let expected = first.dropFirst("# expect: ".count)
        let result = FileChecker.check(path: path)
        #expect(!result.diagnostics.isEmpty)
        let printed = result.diagnostics.map(\.description)
        #expect(printed.contains { $0.hasPrefix("\(path):\(expected)") }, "expected \(expected); got \(printed)")
    }

    @Test func everyProblemOfAFileIsReportedNotOnlyTheFirst() throws {
        let text = """
        pages:
          - id: a
            rows:
              - [{label: x, colour: red}, {label: y, action: {keysym: Nope}}]
        """
        #expect(throws: LayoutError.self) { try LayoutFile.parse(text, id: "t", file: "t.yaml") }
        do {
            _ = try LayoutFile.parse(text, id: "t", file: "t.yaml")
        } catch .invalid(let diagnostics) {
            #expect(diagnostics.map(\.description) == [
                "t.yaml:4:21: unknown field 'colour' in a key (known: id, label, icon, action, width, class, alternates, repeats, shuffle, gap, shift)",
                "t.yaml:4:63: unknown keysym 'Nope'",
            ])
        } catch {
            Issue.record("\(error)")
        }
    }
}

struct KeyFormTests {
    @Test func everyFormOfKeyAndAction() throws {
        let text = """
        options: {show-pressed-keys: false}
        pages:
          - id: p
            rows:
              - - a
                - {label: é, alternates: [è, ê, ë]}
                - {id: f1, label: F1, action: {keysym: F1}, class: function}
                - {id: euro, label: E, action: {keysym: U+20AC}}
                - {id: tab, icon: tab, action: {keysym: Tab}, width: 1.5}
                - {id: hi, label: hi, action: {text: "hello"}, repeats: true}
                - {id: ctrl, label: ctrl, action: {modifier: ctrl}}
                - {id: one, label: "1", action: {char: "1"}, shuffle: true, class: symbol}
                - {id: go, label: go, action: {page: p}}
                - {id: hide, icon: hide, action: hide}
        """
        let layout = try LayoutFile.parse(text, id: "forms", file: "forms.yaml")
        #expect(layout.options.showsPressedKeys == false)
        let keys = layout.pages[0].keys
        #expect(keys[0] == Key.character("a"))
        #expect(keys[1].alternates == ["è", "ê", "ë"])
        #expect(keys[2].action == .key(KeySym(rawValue: 0xFFBE)))
        #expect(keys[3].action == .key(KeySym(rawValue: 0x0100_20AC)))
        #expect(keys[4].label == .icon(.tab) && keys[4].width == 1.5 && keys[4].action == .key(.tab))
        #expect(keys[5].action == .text("hello") && keys[5].repeats)
        #expect(keys[6].action == .modifier(.ctrl))
        #expect(keys[7].shuffles && keys[7].keyClass == .symbol)
        #expect(keys[8].action == .page("p"))
        #expect(keys[9].action == .hide && keys[9].id == "hide")
    }

    /// The theme the others are read over must say every field: one left out is named, at
    /// the mapping, and the build of ClavierBuiltins stops there.
    @Test func aCompleteThemeNamesEachMissingField() throws {
        let path = Files.root.appendingPathComponent("Assets/themes/system.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let cut = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("blur-radius:") && !$0.hasPrefix("label:") }.joined(separator: "\n")
        #expect(throws: LayoutError.self) { try ThemeFile.parseComplete(cut, name: "system", file: "system.yaml") }
        do {
            _ = try ThemeFile.parseComplete(cut, name: "system", file: "system.yaml")
        } catch .invalid(let diagnostics) {
            #expect(diagnostics.map(\.message) == ["a complete theme has no 'label'", "a complete theme has no 'blur-radius'"])
            #expect(diagnostics.allSatisfy { $0.file == "system.yaml" && $0.line > 0 })
        } catch {
            Issue.record("\(error)")
        }
        _ = try ThemeFile.parse(cut, name: "system", file: "system.yaml", over: .system)
    }

    @Test func themeColoursInEveryForm() throws {
        let theme = try ThemeFile.parse("""
        label: "#ff000080"
        border: "#00ff00"
        emboss: [25.5, 0, 255, 0.5]
        font-size: 30
        """, name: "t", file: "t.yaml", over: .system)
        #expect(theme.label == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(theme.border == Color(red: 0, green: 1, blue: 0))
        #expect(theme.emboss == .rgb8(25.5, 0, 255, alpha: 0.5))
        #expect(theme.fontSize == 30)
        #expect(theme.key == Theme.system.key)
    }
}

struct GapTests {
    @Test func aGapIsRoomWithoutAKey() throws {
        let layout = try LayoutFile.parse("pages:\n  - id: a\n    rows:\n      - [x, {gap: 0.5}, y, {gap: 0.5}]\n", id: "t", file: "t.yaml")
        let keys = layout.pages[0].rows[0].keys
        #expect(keys.map(\.keyClass) == [.letter, .gap, .letter, .gap])
        #expect(layout.pages[0].rows[0].units == 3)
    }

    @Test func aGapHasOnlyItsWidth() {
        for (text, message) in [("{gap: 0.5, label: x}", "t.yaml:4:13: a gap has nothing but its width: {gap: 0.5}"),
                                ("{gap: 0}", "t.yaml:4:19: gap must be between 0.01 and 100, not 0"),
                                ("{label: x, class: gap}", "t.yaml:4:31: a gap is written {gap: WIDTH}, with no label or action")] {
            do {
                _ = try LayoutFile.parse("pages:\n  - id: a\n    rows:\n      - [y, \(text)]\n", id: "t", file: "t.yaml")
                Issue.record("\(text) was accepted")
            } catch .invalid(let diagnostics) {
                #expect(diagnostics.map(\.description) == [message])
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
