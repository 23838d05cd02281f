import ClavierCore
import ClavierLayouts

extension RunOptions {
    /// The config file, or an empty one when there is none or it is broken (then every
    /// problem is printed, and the keyboard starts with the defaults all the same).
    func loadConfig() -> Config {
        guard let path = config ?? ConfigFile.defaultPath() else { return Config() }
        do {
            if config != nil && !PlainFiles.exists(path) {
                Log.warning("no config file \(path); using the defaults")
            }
            return try ConfigFile.load(path: path) ?? Config()
        } catch {
            Log.error("\(error)")
            Log.warning("ignoring the broken config file \(path) and starting with the defaults (clavier check \(path))")
            return Config()
        }
    }

    /// The command line over the config file over the defaults.
    func settings() -> Settings {
        let file = loadConfig()
        return Settings(commandLine: commandLine, file: file.settings, rules: file.rules)
    }
}
