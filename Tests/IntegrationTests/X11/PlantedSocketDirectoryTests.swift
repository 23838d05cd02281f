import ClavierTestSupport
import Glibc
import Testing

/// Issue 23, item 4: without `$XDG_RUNTIME_DIR`, another local user who makes
/// `/tmp/clavier-UID` first (a directory, open or closed, or a symlink) kept that user's
/// `clavier --kiosk` from starting (exit 1, no window). The directory is still refused, but the
/// keyboard starts with its socket in a fresh private directory, says so in one line, and its
/// user's own commands find it. Two real local users: the one whose keyboard it is, and the one
/// who plants the directory, each a process of its own uid (`setpriv`).
@Suite(.serialized, .needsDisplay, .needs("useradd", "setpriv")) struct PlantedSocketDirectoryTests {
    static let owner = "clavier-test-owner", planter = "clavier-test-planter"

    /// The uid of local user `name`, made (a system user without a home) when missing.
    static func user(_ name: String) throws -> uid_t {
        if getpwnam(name) == nil {
            let made = try Harness.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name])
            guard made.status == 0 else { throw HarnessError("useradd \(name) failed: \(made.err)") }
        }
        guard let entry = getpwnam(name) else { throw HarnessError("no user \(name) after useradd") }
        return entry.pointee.pw_uid
    }

    /// `arguments` run as `uid` (its own group, no others).
    static func `as`(_ uid: uid_t, _ arguments: [String]) -> [String] {
        ["setpriv", "--reuid=\(uid)", "--regid=\(getpwuid(uid).pointee.pw_gid)", "--clear-groups", "--"] + arguments
    }

    static func remove(_ path: String) { _ = try? Harness.run(["rm", "-rf", path]) }

    @Test(arguments: ["directory 0700", "directory 0755", "symlink"])
    func aPlantedDirectoryDoesNotKeepTheKeyboardFromStarting(_ planted: String) throws {
        guard getuid() == 0 else {
            Issue.record("cannot run: making the two test users (useradd) needs root; make test runs as root in CI")
            return
        }
        let owner = try Self.user(Self.owner), planter = try Self.user(Self.planter)
        let standard = "/tmp/clavier-\(owner)"
        Self.remove(standard)
        defer { Self.remove(standard) }
        let plant: [String] = switch planted {
        case "directory 0700": ["mkdir", "-m", "0700", standard]
        case "directory 0755": ["mkdir", "-m", "0755", standard]
        default: ["ln", "-s", "/tmp", standard]
        }
        let planting = try Harness.run(Self.as(planter, plant))
        #expect(planting.status == 0, "the other user could not plant \(standard): \(planting.err)")

        // The owner's home: a directory of theirs, for the record of where the socket went.
        let scratch = TemporaryDirectory()
        let home = scratch.file("home")
        mkdir(home, 0o700)
        chown(home, owner, getpwuid(owner).pointee.pw_gid)
        chmod(scratch.path, 0o711)
        let environment = ["HOME": home, "XDG_RUNTIME_DIR": "", "XDG_STATE_HOME": "", "XDG_CONFIG_HOME": "", "XDG_CACHE_HOME": ""]
        let session = try KeyboardSession(windowManager: false, clavierArguments: nil)
        let server = session.server
        let errors = scratch.file("stderr")
        let keyboard = try server.start(Self.as(owner, [Harness.clavierBinary, "--no-sound", "--kiosk"]),
                                        environment: environment, stderr: errors)
        let window = server.waitForWindow(named: "Clavier", seconds: 10)
        let said = TextFile.read(errors) ?? ""
        #expect(window != nil, "the keyboard did not start; it said: \(said)")
        #expect(keyboard.isRunning, "it said: \(said)")
        let lines = said.split(separator: "\n").filter { $0.contains(standard) }
        #expect(lines.count == 1 && lines[0].contains("is not a private directory of this user")
                && lines[0].contains("/tmp/clavier-\(owner)-"), "it must say in one line where its socket is: \(said)")

        // The owner's commands find it; the planted directory is left as it was, unused.
        let status = try Harness.run(Self.as(owner, [Harness.clavierBinary, "status"]), environment: server.env.merging(environment) { $1 })
        #expect(status.status == 0 && status.out.hasPrefix("visible\n"), "\(status)")
        let hidden = try Harness.run(Self.as(owner, [Harness.clavierBinary, "hide"]), environment: server.env.merging(environment) { $1 })
        #expect(hidden.status == 0 || hidden.err.contains("refused"), "\(hidden)")
        var info = stat()
        #expect(lstat(standard, &info) == 0 && info.st_uid == planter)
        if planted != "symlink" {
            #expect(try Harness.run(["find", standard, "-mindepth", "1"]).out.isEmpty, "something was put in the planted directory")
        }

        // On quitting, the private directory and its record go.
        let fresh = lines.first.flatMap { line in line.split(separator: " ").first { $0.hasPrefix("/tmp/clavier-\(owner)-") } }.map(String.init)
        keyboard.signal(SIGTERM)
        #expect(keyboard.wait(seconds: 10) == 0)
        if let fresh { #expect(access(fresh, F_OK) != 0, "\(fresh) was left behind") }
    }
}
