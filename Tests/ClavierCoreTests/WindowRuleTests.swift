import ClavierCore
import Testing

struct WindowRuleTests {
    @Test func globs() {
        #expect(Glob.matches("*", ""))
        #expect(Glob.matches("xterm", "xterm"))
        #expect(!Glob.matches("xterm", "XTerm"))
        #expect(Glob.matches("*term*", "gnome-terminal-server"))
        #expect(Glob.matches("fire?ox", "firefox"))
        #expect(Glob.matches("[Ff]irefox", "Firefox"))
        #expect(Glob.matches("[!a-z]*", "Firefox"))
        #expect(!Glob.matches("[!A-Z]*", "Firefox"))
        #expect(Glob.matches("a\\*b", "a*b"))
        #expect(!Glob.matches("a\\*b", "axb"))
        #expect(!Glob.matches("*.pdf", "report.pdf.txt"))
        #expect(Glob.matches("[", "["))
    }

    @Test func rulesMatchInstanceOrClassAndTitle() {
        let xterm = WindowIdentity(instance: "xterm", windowClass: "XTerm", title: "vim notes.txt")
        #expect(WindowRule(windowClass: "XTerm").matches(xterm))
        #expect(WindowRule(windowClass: "xterm").matches(xterm))
        #expect(WindowRule(windowClass: "*Term", title: "vim *").matches(xterm))
        #expect(!WindowRule(windowClass: "*Term", title: "emacs*").matches(xterm))
        #expect(WindowRule(title: "*notes*").matches(xterm))
        #expect(!WindowRule(layout: "terminal").matches(xterm), "a rule without patterns matches nothing")
        let rules = [WindowRule(windowClass: "Firefox", layout: "us"), WindowRule(windowClass: "XTerm", layout: "terminal"),
                     WindowRule(windowClass: "*", visibility: .hide)]
        #expect(WindowRule.first(of: rules, matching: xterm)?.layout == "terminal")
        #expect(WindowRule.first(of: rules, matching: WindowIdentity(instance: "gimp", windowClass: "Gimp", title: ""))?.visibility == .hide)
    }
}
