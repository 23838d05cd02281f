import ClavierBuiltins
import Testing
@testable import ClavierCore

/// A copied text's new lines (issue 48): its cell says it has them, and how many, however far
/// past the cut they come; a tap types them as Returns only in a field described as multi-line
/// prose (a text view), and as spaces anywhere a Return could run or send something.
@Suite struct ClipboardNewLineTests {
    let t0 = ContinuousClock.now
    let twoCommands = "echo harmless-looking\ntouch pwned\n"

    func session(field: FieldKind, multiLine: Bool = false) -> Session {
        var options = Session.Options()
        options.clipboard = true
        var s = Session(keyboard: Keyboard(layout: Layout.us.offering(suggestions: 3), size: Size(width: 1000, height: 300)),
                        options: options, at: t0)
        _ = s.handle(.field(field, before: "", moved: true, multiLine: multiLine), at: t0)
        return s
    }

    /// What a tap on the first cell types, Return as "\n".
    func tapFirstCell(_ s: inout Session) -> String {
        let r = s.keyboard.accessory!.rect(of: .completion(0))!
        let p = Point(x: r.midX, y: r.midY)
        let effects = s.handle(.input(.press(p, pointer: 0)), at: t0) + s.handle(.input(.release(p, pointer: 0)), at: t0)
        return String(String.UnicodeScalarView(effects.compactMap {
            if case .type(let sym, _) = $0 { sym == .return ? "\n" : sym.scalar } else { nil }
        }))
    }

    @Test func aNewLinePastTheCutIsMarkedOnTheFaceWithHowMany() {
        let oneLine = ClipboardHistory.label(of: "echo harmless-looking touch pwned")
        let twoLines = ClipboardHistory.label(of: twoCommands)
        #expect(oneLine == "“echo harmless-…”")
        #expect(twoLines == "⏎2 “echo harmle…”")
        #expect(ClipboardHistory.label(of: "ls\n") == "⏎1 “ls⏎”")
        #expect(ClipboardHistory.label(of: "a\nb\nc\nd") == "⏎3 “a⏎b⏎c⏎d”")
        // As long as a one-line label at most: the mark is never what a narrow cell cuts off.
        let long = String(repeating: "x", count: 40) + "\n"
        #expect(ClipboardHistory.label(of: long).count == ClipboardHistory.label(of: String(long.dropLast())).count)
    }

    @Test func theSessionPaintsTheMarkedLabel() {
        var s = session(field: .unknown)
        _ = s.handle(.copied(twoCommands), at: t0)
        #expect(s.picture.completions.first == "⏎2 “echo harmle…”")
    }

    @Test func inATerminalOrAFieldNobodyDescribedNewLinesAreTypedAsSpaces() {
        for (kind, multiLine) in [(FieldKind.unknown, false), (.terminal, false), (.terminal, true), (.prose, false), (.url, false)] {
            var s = session(field: kind, multiLine: multiLine)
            _ = s.handle(.copied(twoCommands), at: t0)
            #expect(tapFirstCell(&s) == "echo harmless-looking touch pwned", "in \(kind), multi-line \(multiLine)")
        }
    }

    @Test func inATextViewNewLinesStayReturns() {
        var s = session(field: .prose, multiLine: true)
        _ = s.handle(.copied(twoCommands), at: t0)
        #expect(tapFirstCell(&s) == twoCommands)
    }

    @Test func aTextViewLeftForAnotherFieldTakesItsRuleAlong() {
        var s = session(field: .prose, multiLine: true)
        _ = s.handle(.field(.terminal, before: "", moved: true), at: t0)
        #expect(!ClipboardHistory.keepsReturns(in: s.typing.context))
        _ = s.handle(.copied("a\nb"), at: t0)
        #expect(tapFirstCell(&s) == "a b")
    }

    @Test func runsOfNewLinesAreOneSpaceAndThoseAtEitherEndGo() {
        #expect(ClipboardHistory.typed("\n\nfirst\n\n\nsecond  third\n\n", keepingReturns: false) == "first second  third")
        #expect(ClipboardHistory.typed("a\u{2028}b", keepingReturns: false) == "a b")
        #expect(ClipboardHistory.typed("no new line", keepingReturns: false) == "no new line")
        #expect(ClipboardHistory.typed("a\nb\n", keepingReturns: true) == "a\nb\n")
    }
}
