import ArgumentParser
import ClavierApp
import ClavierCore
import ClavierLayouts
import ClavierRender
import ClavierSound
import ClavierWayland
import ClavierWaylandHost
import ClavierX11
import ClavierXHost
import Glibc

/// `clavier` (the default command): shows the keyboard and types into the focused window.
struct Run: ParsableCommand, CustomReflectable {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show the keyboard (the default when no command is given).")

    /// Every setting is an option, declared by the settings table alone (`Settings.all`,
    /// SettingOptions.swift): what the command line leaves out comes from the config file, and
    /// what that leaves out from the setting's default. Listed by `customMirror` beside run's
    /// own options rather than as an `@OptionGroup`, which a debug build's ArgumentParser checks
    /// anew at each of its checks of `Run`, for any command (+100 ms of each `clavier status`).
    var settings = SettingOptions<EverySetting>()

    @Option(help: LayoutArguments.seedHelp) var seed: UInt64?

    @Option(help: ArgumentHelp("The config file (default: $XDG_CONFIG_HOME/clavier/config.yaml).", valueName: "FILE"))
    var config: String?

    @Option(help: "The X display to use (default: $DISPLAY).")
    var display: String?

    @Flag(help: ArgumentHelp(LoginScreen.help)) var xid = false

    var customMirror: Mirror {
        let own: [Mirror.Child] = [("seed", _seed), ("config", _config), ("display", _display), ("xid", _xid)]
        return Mirror(self, children: SettingOptions<EverySetting>.declarations + own, displayStyle: .struct)
    }

    init() {}

    init(from decoder: any Decoder) throws {
        settings = try SettingOptions(from: decoder)
        let given = try decoder.container(keyedBy: SettingOptions<EverySetting>.Key.self)
        _seed = try given.decode(Option<UInt64?>.self, forKey: .init(stringValue: "seed"))
        _config = try given.decode(Option<String?>.self, forKey: .init(stringValue: "config"))
        _display = try given.decode(Option<String?>.self, forKey: .init(stringValue: "display"))
        _xid = try given.decode(Flag<Bool>.self, forKey: .init(stringValue: "xid"))
    }

    func validate() throws { try settings.validate() }

    /// The settings given on the command line, checked as the config file's are.
    func givenSettings() throws(SettingError) -> SettingsLayer { try settings.read() }

    /// The options as plain values, which `RunOptions.run` starts the keyboard with.
    func options() throws -> RunOptions {
        RunOptions(given: try givenSettings(), config: config, display: display, seed: seed, xid: xid)
    }

    func run() throws { try options().run() }
}

/// `clavier run`'s options as plain values, each nil when not given. A bare `clavier` (how
/// autostart and menus start it) runs `RunOptions()` without building ArgumentParser's
/// command tree, ~2.5 ms of a start (`Clavier.main`).
struct RunOptions {
    /// The settings given on the command line; `settings()` puts them over the config file's.
    var commandLine = SettingsLayer()
    var config: String? = nil
    var display: String? = nil
    var seed: UInt64? = nil
    /// An XEmbed plug for a greeter (LoginScreen.swift): no control socket, as the session's
    /// own keyboard may run on the same display.
    var xid = false

    func run() throws {
        // One keyboard per display: a second `clavier` shows the first and leaves.
        let socketPath = ControlSocket.path(display: display)
        if !xid, ControlClient.send(.show, to: socketPath) != nil {
            Log.debug("a keyboard already runs on \(ControlSocket.displayName(display)): asked it to show")
            return
        }
        let control: ControlServer?
        do {
            control = xid ? nil : try ControlServer.listening(at: socketPath, display: display)
        } catch .alreadyRunning {
            // Another keyboard started between our question and our bind.
            _ = ControlClient.send(.show, to: socketPath)
            return
        } catch {
            Log.error(error.description)
            throw ExitCode.failure
        }
        var sources = sources()
        let settings = sources.settings
        var (layout, theme) = LayoutLoader.loadForKeyboard(layout: settings.layoutName, theme: settings[.theme])
        layout = settings.shaping(layout)
        let taps = layout.options.frequentPage == nil ? nil : TapRecorder(store: .standard())
        if let taps { layout = layout.fillingFrequentPage(with: taps.counts) }
        if let page = settings[.page], layout.page(id: page) == nil {
            Log.warning("layout '\(layout.id)' has no page '\(page)' (pages: \(layout.pages.map(\.id).joined(separator: ", "))); "
                        + "showing '\(layout.defaultPage.id)'")
        }
        let wayland: WaylandConnection?
        do {
            wayland = try WaylandStart.connect(settings, plug: xid)
        } catch {
            Log.error("\(error)")
            throw ExitCode.failure
        }
        if let wayland {
            try runOnWayland(wayland, sources: sources, layout: layout, theme: theme, taps: taps, control: control)
            return
        }
        let connection = try Display.opened(display)
        // The languages cell offers the keymap's own first layout with each language of words installed.
        if sources.offers(Setting.languages.name) {
            sources.languageChoices = SettingsSources.languageChoices(keymap: connection.xkbLayouts.first, installed: LanguageModels.installed)
        }
        // The user's keymap comes back on every way out (a signal ends the loop too), after
        // the settings page's changes too.
        let keymap = KeymapGroups(display: connection, name: display)
        keymap.start(settings)
        defer { keymap.restore() }
        var options = Self.sessionOptions(settings)
        options.settings = sources
        options.settingsPage = !xid
        guard let switches = try? XHost.scanSwitches(settings, layout: layout) else { throw ExitCode.failure }
        options.scanSwitches = switches.count
        let suggester = Suggester.suggester(settings, fieldsTold: options.knowsFieldKinds)
        options.capitalize = suggester?.capitalize ?? .never
        options.autocorrect = suggester == nil ? .never : settings.autocorrects
        options.words = suggester != nil
        // The predictor loads on its thread while the window is made.
        suggester?.start(for: layout, xkb: connection.currentXKBLayout)
        let x = try XHost.make(settings, options: options, layout: layout, theme: theme, connection: connection,
                               display: display, plug: xid, switches: switches, suggester: suggester, keymap: keymap)
        let words = HostWords(settings, suggester: suggester, taps: taps)
        // GNOME on Wayland (issue 49, GnomeTyping.swift): keys reach native windows through mutter's
        // RemoteDesktop, a typist of its own; its session is stopped on every way out.
        let remote: GnomeTypist?
        do {
            remote = try GnomeTyping.typist(settings, display: connection, allow: options.typingFilter,
                                            keymap: { [typist = x.typist] in typist.injector })
        } catch {
            throw ExitCode.failure
        }
        defer { remote?.stop() }
        let app = makeApp(on: x.keyboardHost(words: words, typist: remote), words: words, layout: layout, page: settings[.page], options: options)
        // A PIN pad's digits are dealt anew each time: it keeps no first picture.
        x.screen.pictureCache = layout.hasShuffledKeys ? nil : PictureCache.standard()
        if xid {
            x.greeter = GreeterWatch(now: ContinuousClock.now)
            LoginScreen.announce(x.screen.window.id)
        }
        app.run(control: control)
    }

    /// The app on `host`, its session showing `layout`'s first keyboard with the first words of
    /// `words` (the host's).
    func makeApp(on host: KeyboardHost, words: HostWords, layout: Layout, page: Page.ID?, options: Session.Options) -> KeyboardApp {
        let clock = ContinuousClock()
        // Labels from the live keymap are part of the first picture: only they need the injector now.
        var first = host.makeKeyboard(layout, page: page)
        // The words offered before anything is typed are part of the first picture too.
        let firstWords = words.firstWords(for: first)
        var shuffleSource = LayoutLoader.shuffleSource(seed: seed)
        first.reshuffle(using: &shuffleSource)
        let speaker = options.speech ? Speaker(rate: options.speechRate, volume: options.speechVolume) : nil
        var options = options
        options.speechPaced = speaker?.tellsEnds ?? false
        return KeyboardApp(session: Session(keyboard: first, completions: firstWords, options: options, at: clock.now), host: host,
                           shuffleSource: shuffleSource, speaker: speaker, accessibleKeys: true, now: { clock.now })
    }

    /// The session's options from the settings (scanning's switches and the capitals of the
    /// suggestions are added once the layout and the suggester are known).
    static func sessionOptions(_ settings: Settings) -> Session.Options {
        var options = Session.Options()
        options.kiosk = settings[.kiosk]
        options.layer = settings.given[.layer]
        options.dwell = settings[.dwell].map { .milliseconds($0) }
        options.scanInterval = settings[.scan].map { .milliseconds($0) }
        options.speech = settings[.speech]
        options.speechEcho = settings[.speechEcho]
        options.speechRate = settings[.speechRate]
        options.speechVolume = settings[.speechVolume]
        // A kiosk offers no user's phrases: its keyboard is a stranger's.
        if !settings[.kiosk] { options.phrases = PhraseBank.load() }
        options.autoShow = settings[.autoShow]
        options.autoShowInKiosk = settings[.autoShowInKiosk]
        options.rules = settings.rules
        options.layoutName = settings.layoutName
        options.glide = settings[.glide]
        options.clipboard = settings.watchesClipboard
        // Pins only where there is a strip: not with --clipboard off, never in a kiosk.
        if options.keepsClipboard { options.pinnedClips = ClipboardPins.load() }
        return options
    }
}

extension RunOptions {
    /// The settings `given` on the command line (a greeter's plug, `--xid`, takes its own over them).
    init(given: SettingsLayer, config: String?, display: String?, seed: UInt64?, xid: Bool) {
        self.init(commandLine: xid ? LoginScreen.settings(over: given) : given, config: config, display: display, seed: seed, xid: xid)
    }
}
