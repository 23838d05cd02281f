import ClavierTestSupport
import Glibc
import Testing
@testable import ClavierPredict

/// `clavier predict` and `clavier glide` given what a careless script or a damaged install
/// gives them (issue 34, items 3, 4 and 7): the real binary, a private $XDG_STATE_HOME.
@Suite struct CommandInputTests {
    struct Output {
        var lines: [String]
        var errors: String
        var status: Int32?
    }

    /// Runs `clavier ARGS` with the bytes `input` on standard input.
    func run(_ args: String, input: [UInt8], state: String, data: String? = nil) throws -> Output {
        let dir = TemporaryDirectory()
        let fd = open(dir.file("in"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0 && write(fd, input, input.count) == input.count)
        close(fd)
        var environment = ["XDG_STATE_HOME": state]
        if let data { environment["CLAVIER_DATA_DIR"] = data }
        let child = try CommandLines.start(args, input: dir.file("in"), environment: environment,
                                           out: dir.file("out"), err: dir.file("err"))
        let status = child.wait(seconds: 120)
        let lines = (TextFile.read(dir.file("out")) ?? "").split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        return Output(lines: lines, errors: TextFile.read(dir.file("err")) ?? "", status: status)
    }

    func bytes(_ lines: String...) -> [UInt8] { Array(lines.map { $0 + "\n" }.joined().utf8) }

    /// A line of 3 MB is answered with an error without being read whole (it cost 60 MB and
    /// more a line; /dev/zero grew until killed), and the next line is answered as ever.
    @Test func predictBoundsEachLine() throws {
        let state = TemporaryDirectory()
        let long = #"{"before": ""# + String(repeating: "a", count: 3 << 20) + #""}"#
        let out = try run("predict", input: bytes(long, #"{"before": "one of "}"#), state: state.path)
        #expect(out.status == 0)
        #expect(out.lines.count == 2)
        #expect(out.lines.first == #"{"error":"stdin:1: longer than 1048576 bytes: not read"}"#)
        #expect(out.lines.last?.hasPrefix(#"{"suggestions":["#) == true)
        let zeros = try run("predict", input: [UInt8](repeating: 0, count: 5 << 20), state: state.path)
        #expect(zeros.lines == [#"{"error":"stdin:1: longer than 1048576 bytes: not read"}"#])
    }

    @Test func glideBoundsEachLine() throws {
        let state = TemporaryDirectory()
        let long = String(repeating: " ", count: 2 << 20) + #"{"points": [], "width": 800, "height": 300}"#
        let out = try run("glide", input: bytes(long, "{}"), state: state.path)
        #expect(out.status == 0)
        #expect(out.lines.count == 2)
        #expect(out.lines.first == #"{"error":"stdin:1: longer than 1048576 bytes: not read"}"#)
        #expect(out.lines.last?.hasPrefix(#"{"error":"stdin:2: not a gesture"#) == true, "\(out.lines)")
    }

    /// `clavier correct` bounds its lines too: a 2 MB line is answered with an error and the
    /// next line as ever (it read the whole line, however long, with readLine).
    @Test func correctBoundsEachLine() throws {
        let state = TemporaryDirectory()
        let long = String(repeating: " ", count: 2 << 20) + #"{"taps": [], "width": 1000, "height": 282}"#
        let out = try run("correct", input: bytes(long, "{}"), state: state.path)
        #expect(out.status == 0)
        #expect(out.lines.count == 2)
        #expect(out.lines.first == #"{"error":"stdin:1: longer than 1048576 bytes: not read"}"#, "\(out.lines)")
        #expect(out.lines.last?.hasPrefix(#"{"error":"stdin:2: not a word's taps"#) == true, "\(out.lines)")
    }

    /// A corrupt user model is said before the first answer (it was read at the first query,
    /// after the warnings were printed, and never said).
    @Test func predictSaysACorruptUserModel() throws {
        let state = TemporaryDirectory()
        try #require(mkdir(state.file("clavier"), 0o700) == 0)
        try TextFile.write(state.file("clavier/words-en.model"), "clavier-user-model 1\n1\t5\tls\rdate\r.\n")
        let out = try run("predict", input: bytes(#"{"before": "l"}"#), state: state.path)
        #expect(out.status == 0)
        #expect(out.errors.contains(state.file("clavier/words-en.model") + ":2: not a word"), "\(out.errors)")
        #expect(out.lines.count == 1 && !out.lines[0].contains("date"))
    }

    /// An installed model with one damaged index entry: `predict` says so once and suggests
    /// nothing, `glide` says so and answers every gesture; neither crashes (both were SIGSEGV).
    @Test func aDamagedModelCrashesNeitherPredictNorGlide() throws {
        let state = TemporaryDirectory()
        let data = TemporaryDirectory()
        try #require(mkdir(data.file("models"), 0o755) == 0)
        let model = try ModelCopy()
        try model.write(0xFFFF_FF00, section: 1, index: 100)
        try #require(rename(model.path, data.file("models/en.lm")) == 0)
        let predict = try run("predict --no-learning", input: bytes(#"{"before": "one of "}"#, #"{"before": "th"}"#),
                              state: state.path, data: data.path)
        #expect(predict.status == 0)
        #expect(predict.lines == [#"{"suggestions":[]}"#, #"{"suggestions":[]}"#])
        #expect(predict.errors.split(separator: "\n").filter { $0.contains("not a Clavier language model") }.count == 1, "\(predict.errors)")
        let gesture = #"{"points": [[40, 150], [400, 60], [700, 150]], "width": 800, "height": 300}"#
        let glide = try run("glide", input: bytes(gesture, gesture), state: state.path, data: data.path)
        #expect(glide.status == 0)
        #expect(glide.lines.count == 2 && glide.lines.allSatisfy { $0.hasPrefix(#"{"error":"stdin:"#) }, "\(glide.lines)")
        #expect(glide.errors.contains("glide typing: " + data.file("models/en.lm") + ": not a Clavier language model"), "\(glide.errors)")
    }
}
