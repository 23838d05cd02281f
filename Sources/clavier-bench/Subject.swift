import Glibc

/// One on-screen keyboard under test: how to start it, where it should appear, and on which
/// pointer event it types.
struct Subject {
    let name: String
    let command: [String]
    var environment: [String: String] = [:]
    /// Clavier types on the button press; the peers on the release.
    let typesOnPress: Bool
    /// Why it cannot be measured here, if it cannot.
    var unavailable: String?
    /// A note for the table (window size, how the key was found …).
    var notes: [String] = []
}

/// Everything measured about one subject.
struct SubjectResult {
    var mapped = Samples()
    var painted = Samples()
    /// The first start's painted time: for Clavier, the start that finds no picture kept.
    var firstPainted = Double.nan
    var windowSize = ""
    var rssKB = Double.nan, pssKB = Double.nan, ussKB = Double.nan
    /// After the presses: what a keyboard that has been used holds.
    var usedRSSKB = Double.nan, usedPSSKB = Double.nan, usedUSSKB = Double.nan
    var idleCPUms = Double.nan
    var idleSwitches = -1
    var floor = Samples()
    var press = Samples()
    var pressMisses = 0
    var clickAudio = Samples()
    var clickMisses = 0
    var failure: String?
    var notes: [String] = []
}
