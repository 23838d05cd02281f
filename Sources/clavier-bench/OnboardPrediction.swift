import ClavierTestSupport
import Glibc

/// Onboard's word prediction beside Clavier's in `clavier-bench --ksr` (and make bench): the same
/// typist on the same held-out texts, through Onboard's own predictor (tools/onboard_ksr.py, which
/// says how it drives it). Where onboard-data is not installed, one line saying so.
enum OnboardPrediction {
    static func section(texts: String, names: [String]) -> [String] {
        let script = Bench.assets() + "/../tools/onboard_ksr.py"
        guard !names.isEmpty else { return [] }
        // CLAVIER_KSR_ONBOARD=0: Clavier's figures alone (Onboard's take minutes a text).
        if let env = getenv("CLAVIER_KSR_ONBOARD"), String(cString: env) == "0" {
            return ["", "Onboard's word prediction: not measured (CLAVIER_KSR_ONBOARD=0).", ""]
        }
        Bench.say("Onboard's word prediction on \(names.joined(separator: ", "))")
        do throws(HarnessError) {
            let run = try Harness.run(["python3", script, "--texts", texts] + names)
            guard run.status == 0 else {
                return ["", "Onboard's word prediction: not measured (\(script) exited \(run.status): \(run.err.split(separator: "\n").last ?? "")).", ""]
            }
            return ["", String(run.out.drop { $0 == "\n" }.reversed().drop { $0 == "\n" }.reversed())]
        } catch {
            return ["", "Onboard's word prediction: not measured (\(error)).", ""]
        }
    }
}
