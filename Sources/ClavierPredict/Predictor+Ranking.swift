import Glibc

/// How the bar's words are ranked: the system model, the user model and the recent words mixed.
extension Predictor {
    /// The user model's weight after the context (u, v).
    func lambda(_ u: String?, _ v: String?) -> Double {
        let n = Double(user.total)
        guard n > 0 else { return 0 }
        let global = unigramMax * n / (n + unigramHalf)
        guard let v else { return global }
        // Witten-Bell's confidence: many different words after v make the user's guess weaker.
        let seen = Double(user.contextCount(v))
        let distinct = Double(user.following[v]?.count ?? 0)
        return max(global, contextMax * seen / (seen + contextHalf * distinct))
    }

    /// Lowercase keys of the best words after (u, v) that start with `prefix`, none that may not be offered.
    func rank(prefix: String, u: String?, v: String?, count: Int) -> [String] {
        let lambda = self.lambda(u, v)
        var scores: [String: Double] = [:]
        let prefixLength = prefix.count
        let cache = recentWeight > 0 && !recent.isEmpty ? recentWeight : 0
        func score(_ key: String, system p: Double) -> Double {
            var mixed = (1 - lambda) * p + (lambda > 0 ? lambda * user.probability(key, after: u, v) : 0)
            if cache > 0 { mixed = (1 - cache) * mixed + cache * Double(recentCounts[key] ?? 0) / Double(recent.count) }
            guard savingWeight != 0 else { return mixed }
            return mixed * pow(Double(key.count - prefixLength + 1), savingWeight)
        }
        if let system {
            let su = u.map { $0 == UserModel.start ? 0 : system.id(of: $0) } ?? nil
            let sv = v.map { $0 == UserModel.start ? 0 : system.id(of: $0) } ?? nil
            for id in system.candidates(prefix: Array(prefix.utf8), after: sv == nil ? nil : su, sv, top: count + 8) {
                let key = String(decoding: system.key(id), as: UTF8.self)
                scores[key] = score(key, system: system.probability(id, after: sv == nil ? nil : su, sv))
            }
        }
        var more = lambda > 0 ? user.candidates(prefix: prefix, after: u, v) : []
        if cache > 0 { more.formUnion(recentCounts.keys.filter { $0.hasPrefix(prefix) }) }
        if !more.isEmpty {
            for key in more where scores[key] == nil {
                let p = system.flatMap { s in
                    s.id(of: key).map { id in
                        let su = u.map { $0 == UserModel.start ? 0 : s.id(of: $0) } ?? nil
                        let sv = v.map { $0 == UserModel.start ? 0 : s.id(of: $0) } ?? nil
                        return s.probability(id, after: sv == nil ? nil : su, sv)
                    }
                } ?? 0
                scores[key] = score(key, system: p)
            }
        }
        if let offensive { scores = scores.filter { !offensive.contains($0.key) || user.unigrams[$0.key] != nil } }
        return scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(count + 2).map(\.key)
    }
}
