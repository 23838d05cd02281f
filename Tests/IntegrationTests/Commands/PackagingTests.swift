import ClavierTestSupport
import Foundation
import Testing

/// The desktop entries and AppStream metainfo in packaging/, checked with Debian's own tools,
/// and the version the binary names.
@Suite struct PackagingTests {
    static let packaging = Harness.packageRoot.appendingPathComponent("packaging")
    static let appID = "io.github.clavier.Clavier"

    static func tool(_ name: String, package: String) -> Bool {
        if Harness.which(name) != nil { return true }
        Issue.record("\(name) is not installed (make test installs \(package))")
        return false
    }

    @Test func theDesktopEntriesPassDesktopFileValidate() throws {
        guard Self.tool("desktop-file-validate", package: "desktop-file-utils") else { return }
        for name in ["\(Self.appID).desktop", "clavier-autostart.desktop", "\(Self.appID).KWin.desktop"] {
            let result = try Harness.run(["desktop-file-validate", Self.packaging.appendingPathComponent(name).path])
            #expect(result.status == 0 && result.out.isEmpty && result.err.isEmpty, "\(name): \(result)")
        }
    }

    /// KDE Plasma lists the entry as a virtual keyboard, runs its Exec as KWin's input method and
    /// grants fake input to the binary it names, which must be the real one (issue 49).
    @Test func thePlasmaVirtualKeyboardEntryNamesTheRealBinary() throws {
        let text = try String(contentsOf: Self.packaging.appendingPathComponent("\(Self.appID).KWin.desktop"), encoding: .utf8)
        let lines = Set(text.split(separator: "\n").map(String.init))
        #expect(lines.contains("X-KDE-Wayland-VirtualKeyboard=true"))
        #expect(lines.contains("X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input"))
        #expect(lines.contains("Exec=/usr/bin/clavier"))
    }

    @Test func theMetainfoPassesAppstreamcliAndNamesTheDesktopEntry() throws {
        let file = Self.packaging.appendingPathComponent("\(Self.appID).metainfo.xml").path
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("<id>\(Self.appID)</id>"))
        #expect(text.contains("<launchable type=\"desktop-id\">\(Self.appID).desktop</launchable>"))
        #expect(FileManager.default.fileExists(atPath: Self.packaging.appendingPathComponent("\(Self.appID).desktop").path))
        #expect(text.contains("<binary>clavier</binary>") && text.contains("<content_rating"))
        #expect(text.contains("docs/keyboard.png"))
        guard Self.tool("appstreamcli", package: "appstream") else { return }
        let result = try Harness.run(["appstreamcli", "validate", "--no-net", "--explain", file])
        #expect(result.status == 0, "\(result.out)\(result.err)")
    }

    @Test func clavierVersionIsThePackageVersion() throws {
        let changelog = try String(contentsOf: Self.packaging.appendingPathComponent("debian/changelog"), encoding: .utf8)
        let first = changelog.prefix { $0 != "\n" }
        guard let open = first.firstIndex(of: "("), let close = first.firstIndex(of: ")") else {
            Issue.record("no version in the changelog's first line: \(first)")
            return
        }
        let version = String(first[first.index(after: open)..<close])
        let result = try Harness.run([Harness.clavierBinary, "--version"])
        #expect(result.out == version + "\n", "\(result)")
    }
}
