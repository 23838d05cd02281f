import ClavierCore
import ClavierLayouts
import Testing

/// `shift:`, a key's own Shift layer (docs/layouts.md).
struct ShiftFieldTests {
    func problems(_ keys: String) -> [String] {
        do {
            _ = try LayoutFile.parse("pages:\n  - id: a\n    rows:\n      - [\(keys)]\n", id: "t", file: "t.yaml")
            return []
        } catch {
            guard case .invalid(let diagnostics) = error else { return ["\(error)"] }
            return diagnostics.map(\.description)
        }
    }

    @Test func aKeyReadsItsShiftLayer() throws {
        let text = """
        pages:
          - id: a
            rows:
              - - {label: ौ, shift: औ}
                - {label: ै, shift: {label: ऐ}}
                - {label: "←", action: {keysym: Left}, shift: {label: "⇤", action: {keysym: Home}}}
                - {label: ्, shift: {action: {char: ॅ}}}
                - {label: x, shift: {label: "X!", action: {text: "x!"}}}
        """
        let keys = try LayoutFile.parse(text, id: "t", file: "t.yaml").pages[0].keys
        #expect(keys[0].shifted == .text("औ"))
        #expect(keys[0].action == .text("ौ"))
        #expect(keys[1].shifted == .text("ऐ"))
        #expect(keys[2].shifted == ShiftedKey(label: .text("⇤"), action: .key(KeySym(rawValue: 0xFF50))))
        #expect(keys[3].shifted == .text("ॅ"))
        #expect(keys[4].shifted == ShiftedKey(label: .text("X!"), action: .text("x!")))
    }

    @Test func aBadShiftLayerIsNamedWhereItIs() {
        #expect(problems("{label: a, shift: {label: b, colour: red}}")
                == ["t.yaml:4:39: unknown field 'colour' in shift (known: label, action)"])
        #expect(problems("{label: a, shift: {action: {keysym: Home}}}")
                == ["t.yaml:4:28: shift with an action that types no text needs a label"])
        #expect(problems("{label: a, shift: {label: b, action: {keysym: Nope}}}")
                == ["t.yaml:4:56: unknown keysym 'Nope'"])
        #expect(problems("{label: a, shift: \"\"}") == ["t.yaml:4:28: shift needs the text the key shows and types under Shift"])
        #expect(problems("{label: a, shift: {}}") == ["t.yaml:4:28: shift needs a label or an action"])
        #expect(problems("{label: a, shift: [b]}").count == 1)
        #expect(problems("{label: a, shift: {action: {page: nowhere}, label: n}}")
                == ["t.yaml:4:44: no page 'nowhere' to switch to (pages: a)"])
    }
}
