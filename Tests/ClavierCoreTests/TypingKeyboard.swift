@testable import ClavierCore

/// A keyboard with the session's `Typing` it types with, for the reducer's tests without a
/// session: the keyboard's own members read through, the typing's beside them.
@dynamicMemberLookup
struct TypingKeyboard {
    var keyboard: Keyboard
    var typing: Typing

    init(_ keyboard: Keyboard, capitalize: CapitalizeMode = .never, glide: Bool = false) {
        self.keyboard = keyboard
        typing = Typing(capitalize: capitalize, glide: glide)
    }

    subscript<T>(dynamicMember path: KeyPath<Keyboard, T>) -> T { keyboard[keyPath: path] }

    var context: TypingContext { typing.context }
    var completions: [String] { typing.completions }
    var word: CurrentWord { typing.word }

    mutating func handle(_ event: InputEvent, at now: ContinuousClock.Instant) -> [Effect] {
        keyboard.handle(event, at: now, typing: &typing)
    }
    mutating func setCompletions(_ words: [String]) -> [Effect] { typing.setCompletions(words, on: keyboard.accessory) }
    mutating func typeGlided(_ words: [String], at now: ContinuousClock.Instant) -> [Effect] {
        keyboard.typeGlided(words, at: now, typing: &typing)
    }
    mutating func focusMoved(to kind: FieldKind, before: String?, at now: ContinuousClock.Instant) -> [Effect] {
        keyboard.focusMoved(to: kind, before: before, at: now, typing: &typing)
    }
    mutating func caretMoved(before: String, at now: ContinuousClock.Instant) -> [Effect] {
        keyboard.caretMoved(before: before, at: now, typing: &typing)
    }
    mutating func forgetContext() -> [Effect] { keyboard.forgetContext(&typing) }
    mutating func commitTyped(complete: Bool = true) -> String { typing.context.commit(complete: complete) }
    mutating func setShift(_ latch: ModifierLatch) { keyboard.setShift(latch) }
}
