import ClavierCore
@testable import ClavierX11
import Testing

/// The order spare keycodes are lent and given back in, with no server: what `BorrowedKeycodes`
/// sends follows from these choices.
struct LoanBookTests {
    let t0 = ContinuousClock.now
    func at(_ ms: Int) -> ContinuousClock.Instant { t0 + .milliseconds(ms) }
    func loan(_ sym: UInt32, _ ms: Int, pressed: Bool = true) -> LoanBook.Loan {
        LoanBook.Loan(sym: sym, lastUse: at(ms), original: [0], pressed: pressed)
    }

    /// Never-lent keycodes go first in the pool's order, then the one given back longest ago:
    /// a keycode just given back is the last to take another keysym.
    @Test func aKeycodeGivenBackIsTheLastLentAgain() {
        var book = LoanBook()
        var batch = MappingBatch()
        book.lend(10, loan(1, 0))
        book.lend(11, loan(2, 0))
        _ = book.giveBack(11, into: &batch, at: at(100))
        _ = book.giveBack(10, into: &batch, at: at(200))
        #expect(book.unlent([10, 11, 12, 13]) == [12, 13, 11, 10])
        let (lent, ready) = book.choose(for: [5, 6, 7], ahead: [], keeping: [], spare: [10, 11, 12, 13], at: at(300))
        #expect(lent == [5: 12, 6: 13, 7: 11])
        #expect(ready == nil)
    }

    /// With the pool taken, a keysym takes the loan lent ahead and never pressed at once, then
    /// the least recently pressed, no sooner than `reuseDelay` after its press; keysyms lent
    /// ahead take nothing that would wait.
    @Test func aPressedLoanIsLentAgainOnlyAfterTheReuseDelay() {
        var book = LoanBook()
        book.reuseDelay = .milliseconds(500)
        book.lend(10, loan(1, 100))
        book.lend(11, loan(2, 0, pressed: false))
        book.lend(12, loan(3, 50))
        let (lent, ready) = book.choose(for: [7, 8], ahead: [9], keeping: [], spare: [10, 11, 12], at: at(200))
        #expect(lent == [7: 11, 8: 12])
        #expect(ready == at(550))
        // Kept keysyms' loans are not taken; ahead gets a pressed loan once idle long enough.
        let later = book.choose(for: [7], ahead: [9], keeping: [2], spare: [10, 11, 12], at: at(700))
        #expect(later.lent == [7: 12, 9: 10])
        #expect(later.ready == at(550))
    }

    /// A layout shown: the loans typing its letters are kept; the others are stale, never
    /// pressed first, then the least recently pressed; one pressed within `reuseDelay` stays.
    @Test func aLayoutShownKeepsItsLettersAndNamesTheStaleInOrder() {
        var book = LoanBook()
        book.reuseDelay = .milliseconds(500)
        book.lend(10, loan(1, 300))
        book.lend(11, loan(2, 100))
        book.lend(12, loan(3, 0, pressed: false))
        book.lend(13, loan(4, 900))
        book.lend(14, loan(5, 0))
        let stale = book.keep([(sym: 5, shifted: nil)], at: at(1_000))
        #expect(stale == [12, 11, 10])
        #expect(book.loans[14]?.kept == true)
        #expect(book.loans.filter { $0.value.kept }.count == 1)
    }

    /// While the shown layout has letters lent nothing goes back; once it hides, all go back
    /// together `restoreDelay` after the last press.
    @Test func keptLettersHoldEveryLoanUntilTheKeyboardHides() {
        var book = LoanBook()
        book.restoreDelay = .milliseconds(250)
        book.lend(10, loan(1, 400))
        book.lend(11, LoanBook.kept([(sym: 7, shifted: 8), (sym: 9, shifted: nil)], 0, original: [0], at: at(100)))
        #expect(book.nextRestore == nil)
        #expect(book.allRestorable == at(650))
        book.releaseKept()
        #expect(book.nextRestore == at(650))
    }

    /// A keycode holding two letters types the first at level 0, its capital at Shift's, the
    /// second at Mod5's and its capital (or itself) at Shift+Mod5's; a use marks it pressed.
    @Test func twoLettersOnAKeycodeTypeAtTheirLevels() {
        var book = LoanBook()
        book.lend(11, LoanBook.kept([(sym: 7, shifted: 8), (sym: 9, shifted: nil)], 0, original: [0], at: at(0)))
        #expect(book.loans[11]?.levels == [7, 8, 9, 9])
        #expect(book.loans[11]?.pressed == false)
        #expect(book.use(8, at: at(10))! == (11, 1))
        #expect(book.use(9, at: at(20))! == (11, 2))
        #expect(book.use(7, at: at(30))! == (11, 0))
        #expect(book.use(3, at: at(40)) == nil)
        #expect(book.loans[11]?.pressed == true && book.loans[11]?.lastUse == at(30))
        #expect(book.isLent(9) && !book.isLent(3))
    }
}
