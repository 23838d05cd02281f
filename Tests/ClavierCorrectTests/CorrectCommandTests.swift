import ClavierBuiltins
import ClavierCore
import ClavierTestSupport
import Glibc
import Testing

/// `clavier correct` as a script runs it: the real binary, JSON lines on its standard input,
/// taps where `clavier geometry --size 1000x282` puts the keys, a private $XDG_STATE_HOME.
@Suite struct CorrectCommandTests {
    /// Runs `clavier ARGS` with `input` on standard input; its standard output's lines.
    func run(_ args: String, input: [String], state: String) throws -> [String] {
        let dir = TemporaryDirectory()
        try TextFile.write(dir.file("in"), input.joined(separator: "\n") + "\n")
        let child = try CommandLines.start(args, input: dir.file("in"), environment: ["XDG_STATE_HOME": state],
                                           out: dir.file("out"), err: dir.file("err"))
        #expect(child.wait(seconds: 60) == 0, "\(TextFile.read(dir.file("err")) ?? "")")
        return (TextFile.read(dir.file("out")) ?? "").split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// `[x, y]` of each tap as JSON.
    func json(_ taps: [CorrectionTapSpot]) -> String {
        "[" + taps.map { "[\($0.x), \($0.y)]" }.joined(separator: ", ") + "]"
    }

    /// A line of `clavier correct`'s input: the taps on the us letters at 1000×282.
    func line(_ before: String, _ taps: [CorrectionTapSpot], shift: String = "") -> String {
        #"{"before": "\#(before)", "taps": \#(json(taps)), "width": 1000, "height": 282, "layout": "us", "page": "letters"\#(shift)}"#
    }

    @Test func slipsArePutRightAndRightWordsLeft() throws {
        let state = TemporaryDirectory()
        // "thw": the third tap just over e's left edge, on w.
        let e = CorrectionTapSpot.key("e")
        let slip = [CorrectionTapSpot.centre("t"), .centre("h"), CorrectionTapSpot(x: e.x - 55, y: e.y)]
        let out = try run("correct", input: [
            line("I went to ", slip),
            line("I went to ", "the".map { .centre($0) }),
            line("", slip, shift: #", "shift": [true, false, false]"#),
            #"{"before": "I ", "taps": [[\#(CorrectionTapSpot.centre("d").x), \#(CorrectionTapSpot.centre("d").y)], "#
                + #"[\#(CorrectionTapSpot.centre("o").x), \#(CorrectionTapSpot.centre("o").y)], "#
                + #"[\#(CorrectionTapSpot.centre("n").x), \#(CorrectionTapSpot.centre("n").y)], "'", "#
                + #"[\#(CorrectionTapSpot.centre("t").x), \#(CorrectionTapSpot.centre("t").y)]], "width": 1000, "height": 282}"#,
            "not json",
            #"{"before": "", "taps": [[1, 2]], "width": 0, "height": 282}"#,
            #"{"before": "", "taps": [[1, 2]], "width": 1000, "height": 282, "layout": "us", "page": "nope"}"#,
        ], state: state.path)
        #expect(out.count == 7, "one answer per line: \(out)")
        #expect(out[0] == #"{"typed":"thw","word":"the"}"#)
        #expect(out[1] == #"{"typed":"the","word":"the"}"#)
        #expect(out[2] == #"{"typed":"Thw","word":"The"}"#, "a capital typed stays")
        #expect(out[3] == #"{"typed":"don't","word":"don't"}"#, "an apostrophe typed off the letter keys")
        #expect(out[4].hasPrefix(#"{"error":"stdin:5: "#))
        #expect(out[5].hasPrefix(#"{"error":"stdin:6: width and height"#))
        #expect(out[6].hasPrefix(#"{"error":"stdin:7: layout 'us' has no page 'nope'"#))
    }

    /// A word the user taught the keyboard (`clavier predict`'s commit, as typing does) stays.
    @Test func aLearnedWordStays() throws {
        let state = TemporaryDirectory()
        let e = CorrectionTapSpot.key("e")
        let slip = [CorrectionTapSpot.centre("t"), .centre("h"), CorrectionTapSpot(x: e.x - 55, y: e.y)]
        _ = try run("predict", input: [#"{"commit": "Our thw team. The thw again."}"#], state: state.path)
        #expect(try run("correct", input: [line("I went to ", slip)], state: state.path) == [#"{"typed":"thw","word":"thw"}"#])
        #expect(try run("correct --no-learning", input: [line("I went to ", slip)], state: state.path) == [#"{"typed":"thw","word":"the"}"#])
    }
}

/// A point on the us letters page at 1000×282.
struct CorrectionTapSpot {
    var x: Double, y: Double

    /// The centre of `letter`'s key.
    static func key(_ letter: Character) -> CorrectionTapSpot {
        let keyboard = Keyboard(layout: .us, size: Size(width: 1000, height: 282))
        let rect = keyboard.glideLetters.first { $0.letter == letter }!.rect
        return CorrectionTapSpot(x: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y) + Double(rect.height) / 2)
    }

    static func centre(_ letter: Character) -> CorrectionTapSpot { key(letter) }
}
