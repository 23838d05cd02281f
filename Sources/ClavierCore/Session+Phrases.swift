/// The Speak and Save keys and the phrase bank on the bar (issue 50): Speak says the sentence
/// before the caret (with `--speech on`), whole, the scan's clock held until it was said as for
/// a prompt; Save adds that sentence to the bank (`Phrases`), which the bar offers while the
/// field is empty or after a sentence's end, the expansion of an abbreviation being typed
/// first. Never in a private field; a kiosk keeps no sentence. Nothing said or kept is logged.
extension Session {
    /// What the keys' `out` asks of the sentence before the caret.
    mutating func sentenceKeys(_ out: [Effect], at now: ContinuousClock.Instant) -> [Effect] {
        (out.contains(.speakSentence) ? speakSentence(at: now) : []) + (out.contains(.saveSentence) ? saveSentence() : [])
    }

    /// The sentence before the caret, said; nothing with speech off, in a private field or
    /// when no sentence is known.
    mutating func speakSentence(at now: ContinuousClock.Instant) -> [Effect] {
        guard aids.voice != nil, !typing.fieldKeys.isPrivate else { return [] }
        let sentence = Sentence.last(in: typing.context.before)
        guard !sentence.isEmpty else { return [] }
        aids.voice?.hold(from: now)
        return [.sayTyped(sentence, language: spokenLanguage)]
    }

    /// The sentence before the caret, added to the bank and kept in its file.
    mutating func saveSentence() -> [Effect] {
        guard !visibility.kiosk, !typing.fieldKeys.isPrivate else { return [] }
        let sentence = Sentence.last(in: typing.context.before)
        guard phrases.add(sentence) else { return [] }
        return [.keepPhrase(sentence)]
    }

    /// The bar's offers with the host's `words`: the phrases and an abbreviation's expansion
    /// first where they apply (`Phrases.offers`); none in a private field.
    func offered(with words: [String]) -> [String] {
        guard !typing.fieldKeys.isPrivate else { return words }
        return phrases.offers(before: typing.context.before, partialWord: typing.context.partialWord, words: words)
    }
}
