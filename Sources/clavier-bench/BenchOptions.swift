import Glibc

/// `clavier-bench`'s command line: what to measure and where the report goes.
struct BenchOptions {
    var clavier = ""
    var output: String?
    var quick = false
    var peers = true
    /// Only these subjects (clavier, xvkbd, matchbox-keyboard, onboard, and auto-show for its
    /// focus → mapped time alone, speech for the speech figures alone; clavier-wayland and wvkbd for the Wayland rows), for quick experiments.
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
    /// `--ksr-dir DIR`: the texts under DIR/held-out and DIR/tuning instead of bench/ksr's.
    var ksrDirectory: String?
    /// `--json`: only the JSON figures (ClavierJSON beside FoundationEssentials).
    var jsonOnly = false
    /// `--autocorrect`: only autocorrection's figures; `--autocorrect-tune`: on the tuning texts.
    var autocorrect = false
    var autocorrectTune = false
    /// `--autocorrect-live`: only autocorrection through the running keyboard (on its own Xvfb).
    var autocorrectLive = false

    /// The options `arguments` give (the program's name left out); anything else prints the
    /// usage and ends the bench with status 2.
    init(arguments: ArraySlice<String>) {
        var args = arguments
        while let arg = args.popFirst() {
            switch arg {
            case "--clavier": clavier = args.popFirst() ?? ""
            case "--output": output = args.popFirst()
            case "--quick": quick = true
            case "--no-peers": peers = false
            case "--presses": presses = args.popFirst().flatMap { Int($0) }
            case "--startup-runs": startupRuns = args.popFirst().flatMap { Int($0) }
            case "--idle-seconds": idleSeconds = args.popFirst().flatMap { Double($0) }
            case "--floor-layout": floorLayout = args.popFirst()
            case "--glide": glide = true
            case "--glide-words": glideWords = args.popFirst()
            case "--glide-tune": glideTune = true
            case "--only": only = Set((args.popFirst() ?? "").split(separator: ",").map(String.init))
            case "--ksr": predictionOnly = true
            case "--models": models = args.popFirst()
            case "--ksr-dir": ksrDirectory = args.popFirst()
            case "--json": jsonOnly = true
            case "--autocorrect": autocorrect = true
            case "--autocorrect-tune": autocorrectTune = true
            case "--autocorrect-live": autocorrectLive = true
            case "--texts": texts = Set((args.popFirst() ?? "").split(separator: ",").map(String.init))
            default:
                Bench.say("usage: clavier-bench [--clavier PATH] [--output results.md] [--quick] [--no-peers] [--only clavier,xvkbd,clavier-wayland,wvkbd,clavier-kwin-im,clavier-kwin,maliit-kwin,clavier-gnome,speech,…] [--presses N] [--startup-runs N] [--idle-seconds S] [--floor-layout us.yaml] [--ksr [--texts en-prose,…] [--models DIR] [--ksr-dir DIR]] [--glide [--glide-words FILE] [--quick]] [--json [--quick]] [--autocorrect [--quick]] [--autocorrect-live [--clavier PATH] [--quick]]")
                exit(2)
            }
        }
    }
}
