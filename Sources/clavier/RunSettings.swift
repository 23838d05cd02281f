import ArgumentParser
import ClavierApp
import ClavierCore
import ClavierLayouts

extension RunOptions {
    /// The config file, each broken field left out (`ConfigFile.reading`: every problem is
    /// printed as `file:line:col: message`, and the keyboard starts with the rest, a kiosk's
    /// still a kiosk); an empty one when there is none or its text cannot be had.
    func loadConfig() -> Config {
        guard let path = config ?? ConfigFile.defaultPath() else { return Config() }
        let reading: ConfigFile.Reading
        do {
            if config != nil && !PlainFiles.exists(path) {
                Log.warning("no config file \(path); using the defaults")
            }
            guard let read = try ConfigFile.load(fieldsOf: path) else { return Config() }
            reading = read
        } catch {
            Log.error("\(error)")
            Log.warning("ignoring the config file \(path) and starting with the defaults")
            return Config()
        }
        guard !reading.problems.isEmpty else { return reading.config }
        for problem in reading.problems { Log.error(problem.description) }
        let kiosk = Settings(commandLine: commandLine, file: reading.config.settings)[.kiosk]
        if reading.unreadable {
            Log.warning("ignoring the config file \(path), which cannot be read"
                        + (kiosk ? "; it names kiosk, so the keyboard runs as a kiosk" : "")
                        + " (clavier check \(path))")
        } else {
            Log.warning("leaving out what is wrong in \(path) and starting with the rest"
                        + (kiosk ? ", as a kiosk" : "") + " (clavier check \(path))")
        }
        return reading.config
    }

    /// The command line over the config file over the settings page's file over the defaults.
    func settings() -> Settings { sources().settings }

    /// Where each setting comes from (the settings page shows what it may change), read once.
    func sources() -> SettingsSources {
        let file = loadConfig()
        // A greeter runs as the command line says: its page never opens, so nothing a page
        // once kept applies to it. A kiosk runs as its builder set it up: settings.yaml is read
        // for the settings its config.yaml lets its users change (`kiosk-settings`) alone.
        let kiosk = Settings(commandLine: commandLine, file: file.settings)[.kiosk]
        let allowed = kiosk ? file.kioskSettings ?? [] : nil
        let readsPage = !xid && allowed?.isEmpty != true
        var sources = SettingsSources(commandLine: commandLine, file: file.settings,
                                      page: readsPage ? loadPageSettings() : SettingsLayer(), rules: file.rules,
                                      kioskSettings: allowed)
        if readsPage && sources.offers(Setting.layout.name) { sources.layoutNames = LayoutsCommand.names(.layout) }
        return sources
    }

    /// What the settings page kept (settings.yaml), each broken field left out (every problem
    /// printed as `file:line:col: message`, and the keyboard starts with the rest); nothing
    /// when its text cannot be had.
    func loadPageSettings() -> SettingsLayer {
        guard let path = SettingsFile.defaultPath() else { return SettingsLayer() }
        do {
            let (settings, problems) = try SettingsFile.load(fieldsOf: path)
            guard !problems.isEmpty else { return settings }
            for problem in problems { Log.error(problem.description) }
            Log.warning("leaving out what is wrong in \(path): the settings page's next change writes the file without it")
            return settings
        } catch {
            Log.error("\(error)")
            Log.warning("ignoring \(path): the settings page's changes start afresh")
            return SettingsLayer()
        }
    }
}
