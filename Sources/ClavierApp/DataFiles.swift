import Glibc

/// Finds Clavier's data files (sounds, later layouts and themes): `$CLAVIER_DATA_DIR`,
/// the installed `PREFIX/share/clavier` beside the binary, then the source tree's
/// `Assets/` when run from `.build/`.
package enum DataFiles {
    package static func find(_ relativePath: String) -> String? {
        candidates.map { $0 + "/" + relativePath }.first { access($0, R_OK) == 0 }
    }

    static var candidates: [String] {
        var dirs: [String] = []
        if let env = getenv("CLAVIER_DATA_DIR") { dirs.append(String(cString: env)) }
        if let exe = executableDirectory {
            dirs.append(exe + "/../share/clavier")
            // .build/<triple>/debug/clavier and .build/debug/clavier both reach Assets/.
            dirs.append(exe + "/../../../Assets")
            dirs.append(exe + "/../../Assets")
        }
        dirs += ["/usr/local/share/clavier", "/usr/share/clavier"]
        return dirs
    }

    private static var executableDirectory: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
