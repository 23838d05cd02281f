import ClavierPredict
import Glibc

/// Keystroke savings of word prediction on a text, as a person who always takes the right
/// word as soon as it shows would type it: one press per character typed, one per suggestion
/// taken (which types the rest of the word and a space). That space saves a press where the
/// text has a space there; before punctuation the mark typed removes it (no cost, no saving);
/// before a letter it costs a Backspace. KSR = 1 − presses / characters.
struct KeystrokeSavings {
    var characters = 0
    var presses = 0
    var taken = 0
    var queryNanoseconds: [Int] = []
    /// The thread's CPU time of each query: what the query costs, without the waits of a
    /// machine shared with other work (which the wall-clock figure above includes).
    var queryCPUNanoseconds: [Int] = []

    var ksr: Double { characters == 0 ? 0 : 1 - Double(presses) / Double(characters) }

    /// Types `text` (whitespace runs read as one space) with `count` suggestions; with
    /// `learning`, each word is learned once typed (as the keyboard learns what it types).
    static func measure(_ text: String, predictor: Predictor, count: Int, learning: Bool) -> KeystrokeSavings {
        var result = KeystrokeSavings()
        let chars = normalise(text)
        result.characters = chars.count
        var i = 0
        var learnedUpTo = 0
        while i < chars.count {
            guard chars[i].isLetter, i == 0 || !isWordCharacter(chars, i - 1) else {
                result.presses += 1
                i += 1
                continue
            }
            if learning, learnedUpTo < i {
                predictor.learn(String(chars[learnedUpTo..<i]))
                learnedUpTo = i
            }
            let end = wordEnd(chars, from: i, language: predictor.language)
            let target = String(chars[i..<end])
            var k = i
            var done = false
            while k < end {
                let before = String(chars[max(0, k - 120)..<k])
                let start = clockNanoseconds(), cpuStart = clockNanoseconds(CLOCK_THREAD_CPUTIME_ID)
                let suggestions = predictor.suggestions(before: before, count: count)
                result.queryNanoseconds.append(clockNanoseconds() - start)
                result.queryCPUNanoseconds.append(clockNanoseconds(CLOCK_THREAD_CPUTIME_ID) - cpuStart)
                if suggestions.contains(target) {
                    result.presses += 1
                    result.taken += 1
                    k = end
                    if end < chars.count {
                        if chars[end] == " " {
                            k += 1
                        } else if isWordCharacter(chars, end) {
                            result.presses += 1
                        }
                    }
                    done = true
                    break
                }
                result.presses += 1
                k += 1
            }
            i = done ? k : end
        }
        if learning, learnedUpTo < chars.count { predictor.learn(String(chars[learnedUpTo...])) }
        return result
    }

    static func normalise(_ text: String) -> [Character] {
        var out: [Character] = []
        for c in text {
            if c.isWhitespace {
                if let last = out.last, last != " " { out.append(" ") }
            } else {
                out.append(c)
            }
        }
        if out.last == " " { out.removeLast() }
        return out
    }

    static func isWordCharacter(_ chars: [Character], _ i: Int) -> Bool {
        chars[i].isLetter || chars[i].isNumber || chars[i] == "_"
    }

    /// The end of the word that starts at `i`: letters, with apostrophes between letters (a
    /// French elision such as "l'" ends the word after its apostrophe, as the predictor reads it).
    static func wordEnd(_ chars: [Character], from i: Int, language: String) -> Int {
        var k = i
        while k < chars.count {
            if isWordCharacter(chars, k) {
                k += 1
            } else if chars[k] == "'" || chars[k] == "’", k + 1 < chars.count, chars[k + 1].isLetter, k > i {
                if language == "fr", ["l", "d", "j", "qu", "n", "s", "c", "m", "t", "jusqu", "lorsqu", "puisqu"]
                    .contains(String(chars[i..<k]).lowercased()) {
                    return k
                }
                k += 1
            } else {
                break
            }
        }
        return k
    }

    static func clockNanoseconds(_ clock: clockid_t = CLOCK_MONOTONIC) -> Int {
        var t = timespec()
        clock_gettime(clock, &t)
        return t.tv_sec * 1_000_000_000 + t.tv_nsec
    }
}
