import Glibc

/// `clavier-bench`'s command line: what to measure and where the report goes.
extension Bench {
    struct Options {
        var clavier = ""
        var output: String?
        var quick = false
        var peers = true
        /// Only these subjects (clavier, xvkbd, matchbox-keyboard, onboard, and auto-show for its
        /// focus → mapped time alone; clavier-wayland and wvkbd for the Wayland rows), for quick experiments.
        var only: Set<String>?
        var presses: Int?
        var startupRuns: Int?
        var idleSeconds: Double?
        /// The layout the memory floor's Swift program reads.
        var floorLayout: String?
        /// `--glide`: the glide decoder's figures alone, over this word list (word<TAB>frequency).
        var glide = false
        var glideWords: String?
        var glideTune = false
        /// Only the word-prediction figures (`--ksr`), optionally on these texts ("en-prose": held out and tuning; "held-out/en-prose").
        var predictionOnly = false
        var texts: Set<String>?
        var models: String?
        /// `--json`: only the JSON figures (ClavierJSON beside FoundationEssentials).
        var jsonOnly = false
        /// `--autocorrect`: only autocorrection's figures; `--autocorrect-tune`: on the tuning texts.
        var autocorrect = false
        var autocorrectTune = false
        /// `--autocorrect-live`: only autocorrection through the running keyboard (on its own Xvfb).
        var autocorrectLive = false
    }

    /// The options `arguments` give (the program's name left out); anything else prints the
    /// usage and ends the bench with status 2.
    static func parseOptions(_ arguments: ArraySlice<String>) -> Options {
        var options = Options()
        var args = arguments
        while let arg = args.popFirst() {
            switch arg {
            case "--clavier": options.clavier = args.popFirst() ?? ""
            case "--output": options.output = args.popFirst()
            case "--quick": options.quick = true
            case "--no-peers": options.peers = false
            case "--presses": options.presses = args.popFirst().flatMap { Int($0) }
            case "--startup-runs": options.startupRuns = args.popFirst().flatMap { Int($0) }
            case "--idle-seconds": options.idleSeconds = args.popFirst().flatMap { Double($0) }
            case "--floor-layout": options.floorLayout = args.popFirst()
            case "--glide": options.glide = true
            case "--glide-words": options.glideWords = args.popFirst()
            case "--glide-tune": options.glideTune = true
            case "--only": options.only = Set((args.popFirst() ?? "").split(separator: ",").map(String.init))
            case "--ksr": options.predictionOnly = true
            case "--models": options.models = args.popFirst()
            case "--json": options.jsonOnly = true
            case "--autocorrect": options.autocorrect = true
            case "--autocorrect-tune": options.autocorrectTune = true
            case "--autocorrect-live": options.autocorrectLive = true
            case "--texts": options.texts = Set((args.popFirst() ?? "").split(separator: ",").map(String.init))
            default:
                say("usage: clavier-bench [--clavier PATH] [--output results.md] [--quick] [--no-peers] [--only clavier,xvkbd,clavier-wayland,wvkbd,…] [--presses N] [--startup-runs N] [--idle-seconds S] [--floor-layout us.yaml] [--ksr [--texts en-prose,…] [--models DIR]] [--glide [--glide-words FILE] [--quick]] [--json [--quick]] [--autocorrect [--quick]] [--autocorrect-live [--clavier PATH] [--quick]]")
                exit(2)
            }
        }
        return options
    }
}
