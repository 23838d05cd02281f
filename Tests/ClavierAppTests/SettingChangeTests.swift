import ClavierCore
import Foundation
import Testing
@testable import ClavierApp

/// Issue 47: what a change of a page setting does is said by its entry in the table
/// (`PageSetting.session`, `PageSetting.host`), not by switches over setting names in the
/// session, the hosts and the app; and `--autocorrect` is held in one place (the session's
/// `Typing.autocorrect`), the host told with each ask.
@Suite struct SettingChangeTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    static func text(_ path: String) throws -> String {
        try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
    }

    /// The files that carry out a page's change: none of them asks which setting it was by name.
    @Test func noSwitchOverSettingNamesCarriesOutAChange() throws {
        for path in ["ClavierCore/Session+Settings.swift", "ClavierApp/LiveSettings.swift", "ClavierXHost/XHost+Settings.swift",
                     "ClavierWaylandHost/WaylandHost+Settings.swift", "ClavierApp/KeyboardApp.swift"] {
            let code = try Self.text(path).split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            let byName = code.filter { $0.contains("case Setting.") || $0.contains("== Setting.") || $0.contains("changed name ==") }
            #expect(byName.isEmpty, "\(path) decides by a setting's name: \(byName)")
        }
    }

    /// The hosts never keep a copy of `--autocorrect` in step with the session's.
    @Test func autocorrectIsHeldOnce() throws {
        for path in ["ClavierApp/Suggester.swift", "ClavierXHost/XHost+Settings.swift", "ClavierWaylandHost/WaylandHost+Settings.swift"] {
            let text = try Self.text(path)
            #expect(!text.contains("var autocorrect"), "\(path) holds autocorrect")
            #expect(!text.contains(".autocorrect = "), "\(path) keeps a copy of autocorrect in step")
        }
    }

    /// Each page setting's entry says what the session and the host do as it changes.
    @Test func eachEntrySaysWhatItsChangeDoes() {
        let session = Dictionary(uniqueKeysWithValues: PageSetting.all.map { ($0.name, $0.session) })
        let host = Dictionary(uniqueKeysWithValues: PageSetting.all.map { ($0.name, $0.host) })
        #expect(session["dwell"] == .dwell && session["glide"] == .glide && session["autocorrect"] == .autocorrect)
        #expect(session["auto-show"] == .autoShow && session["layout"] == .layout && session["languages"] == .languages)
        #expect(host["key-size"] == .place && host["height"] == .place && host["sound"] == .sound && host["volume"] == .volume)
        #expect(host["theme"] == .theme && host["suggestions"] == .keyboard && host["speech"] == .voice && host["learning"] == .learning)
        #expect(host["scan"] == .scan && host["scan-switch"] == .scan && host["preview"] == .preview && host["languages"] == .languages)
        #expect(host["dwell"] == PageSetting.HostPart.none && session["sound"] == PageSetting.SessionPart.none)
    }
}
