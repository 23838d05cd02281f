import ClavierTestSupport
import CX11
import Glibc

/// Where to click each keyboard so that it types a plain letter, and which keycode that is.
enum PressPoints {
    /// The key Clavier is clicked on: a letter without alternates, which types on the press
    /// (`g` has had ğ and ģ since issue 51, and a key with alternates types on the release).
    static let clavierKey = "h"
    static let clavierKeysym: UInt32 = 0x68

    /// Clavier: the centre of `clavierKey` as `clavier geometry` lays it out at the window's size.
    static func clavier(binary: String) -> (Probe, Window) throws(HarnessError) -> (x: Int, y: Int, keycode: UInt32) {
        return { (probe: Probe, window: Window) throws(HarnessError) in
            guard let f = probe.frame(of: window) else { throw HarnessError("clavier's window vanished") }
            let out = try Harness.run([binary, "geometry", "--layout", "us", "--page", "letters", "--size", "\(f.width)x\(f.height)"], timeout: 60)
            guard out.status == 0, let key = rect(ofKey: clavierKey, inGeometryJSON: out.out) else {
                throw HarnessError("clavier geometry gave no key \(clavierKey)")
            }
            return (f.x + key.x + key.width / 2, f.y + key.y + key.height / 2, probe.keycode(of: clavierKeysym))
        }
    }

    /// A peer: screenshot-free, by clicking points over the middle of its window (where every
    /// layout has letter rows) until one types a letter a–z; that point is then used.
    static func scan(name: String) -> (Probe, Window) throws(HarnessError) -> (x: Int, y: Int, keycode: UInt32) {
        return { (probe: Probe, window: Window) throws(HarnessError) in
            guard let f = probe.frame(of: window) else { throw HarnessError("\(name)'s window vanished") }
            let fractions: [(Double, Double)] = [(0.40, 0.50), (0.45, 0.50), (0.35, 0.50), (0.50, 0.50), (0.40, 0.60),
                                                 (0.45, 0.60), (0.40, 0.40), (0.45, 0.40), (0.30, 0.55), (0.55, 0.55)]
            for (fx, fy) in fractions {
                let x = f.x + Int(Double(f.width) * fx), y = f.y + Int(Double(f.height) * fy)
                probe.movePointer(x: x, y: y)
                sleep(ms: 30)
                probe.drain()
                probe.button(true)
                sleep(ms: 40)
                probe.button(false)
                let got = probe.waitForKeyPress(timeout: 0.5)
                sleep(ms: 100)
                probe.drain()
                if let got, (0x61...0x7A).contains(probe.keysym(got.keycode)) {
                    return (x, y, got.keycode)
                }
            }
            throw HarnessError("no point over \(name)'s window typed a letter")
        }
    }

    /// The rectangle of key `id` in `clavier geometry`'s JSON (a flat, known shape).
    static func rect(ofKey id: String, inGeometryJSON json: String) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let start = json.range(of: "{\"id\":\"\(id)\"") else { return nil }
        let object = json[start.lowerBound...].prefix { $0 != "}" }
        func number(_ field: String) -> Int? {
            guard let r = object.range(of: "\"\(field)\":") else { return nil }
            return Int(object[r.upperBound...].prefix { $0 == "-" || $0.isNumber })
        }
        guard let x = number("x"), let y = number("y"), let w = number("width"), let h = number("height") else { return nil }
        return (x, y, w, h)
    }
}

extension StringProtocol {
    func range(of needle: String) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}
