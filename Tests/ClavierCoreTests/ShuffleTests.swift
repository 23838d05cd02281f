import ClavierBuiltins
import ClavierCore
import Testing

struct ShuffleTests {
    /// A PIN pad as pin.yaml describes it.
    static let pin: Layout = {
        func digit(_ d: String) -> Key { Key(id: d, label: .text(d), action: .text(d), shuffles: true) }
        let rows = [
            Row(["1", "2", "3"].map(digit)), Row(["4", "5", "6"].map(digit)), Row(["7", "8", "9"].map(digit)),
            Row([Key(id: "delete", label: .icon(.backspace), action: .key(.backSpace), keyClass: .function),
                 digit("0"),
                 Key(id: "done", label: .text("Done"), action: .key(.return), keyClass: .function)]),
        ]
        return Layout(id: "pin", pages: [Page(id: "pin", rows: rows)], options: LayoutOptions(showsPressedKeys: false))
    }()

    @Test func aSeedGivesTheSamePadEveryTime() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        #expect(Self.pin.shuffled(using: &a) == Self.pin.shuffled(using: &b))
        var c = SeededGenerator(seed: 43)
        var d = SeededGenerator(seed: 42)
        #expect(Self.pin.shuffled(using: &c) != Self.pin.shuffled(using: &d))
    }

    @Test func deleteAndDoneStayAndEveryDigitIsStillThere() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<100 {
            let keys = Self.pin.shuffled(using: &generator).pages[0].keys
            #expect(keys[9].id == "delete" && keys[11].id == "done")
            #expect(Set(keys.map(\.id)) == Set(Self.pin.pages[0].keys.map(\.id)))
        }
    }

    /// Over many shuffles each digit lands in each of the ten places about equally often
    /// (a biased shuffle, such as swapping with any index, fails this by far).
    @Test func theShuffleIsUniform() {
        var generator = SeededGenerator(seed: 7)
        let places = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10]
        var counts = [String: [Int]]()
        let trials = 20_000
        for _ in 0..<trials {
            let keys = Self.pin.shuffled(using: &generator).pages[0].keys
            for (i, place) in places.enumerated() { counts[keys[place].id, default: Array(repeating: 0, count: 10)][i] += 1 }
        }
        let expected = Double(trials) / 10
        var chiSquare = 0.0
        for row in counts.values { for n in row { chiSquare += (Double(n) - expected) * (Double(n) - expected) / expected } }
        // 81 degrees of freedom: the 99.99th percentile is about 135.
        #expect(chiSquare < 135, "chi-square \(chiSquare)")
    }

    @Test func reshuffleKeepsPageAndSizeAndChangesTheDigits() {
        var keyboard = Keyboard(layout: Self.pin, size: Size(width: 300, height: 200))
        var generator = SeededGenerator(seed: 3)
        var seen = Set<[Key.ID]>()
        for _ in 0..<5 {
            keyboard.reshuffle(using: &generator)
            #expect(keyboard.geometry.size == Size(width: 300, height: 200))
            seen.insert(keyboard.page.keys.map(\.id))
        }
        #expect(seen.count == 5)
    }

    @Test func thePINPadPaintsNoPressedKey() {
        var keyboard = Keyboard(layout: Self.pin, size: Size(width: 300, height: 200))
        let frame = keyboard.geometry.frame(id: "5")!.rect
        let effects = keyboard.handle(.press(Point(x: frame.midX, y: frame.midY)), at: .now)
        #expect(effects.contains(.type(KeySym(scalar: "5"), modifiers: [])))
        #expect(keyboard.state(of: keyboard.page.key(id: "5")!) == .normal)
        var us = Keyboard(layout: .us, size: Size(width: 800, height: 260))
        let g = us.geometry.frame(id: "g")!.rect
        _ = us.handle(.press(Point(x: g.midX, y: g.midY)), at: .now)
        #expect(us.state(of: us.page.key(id: "g")!) == .pressed)
    }
}
