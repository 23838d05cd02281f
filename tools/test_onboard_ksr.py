"""tools/onboard_ksr.py: its typist counts as clavier-bench's (KeystrokeSavings.swift) does, and it
asks Onboard's predictor as Onboard does. Run by `make test` after the build:

    CLAVIER_BIN_DIR=.build/debug python3 -m unittest tools/test_onboard_ksr.py

The comparison with the Swift typist needs clavier and clavier-bench in CLAVIER_BIN_DIR (skipped
without them); the rest needs neither Onboard nor a build.
"""
import os
import re
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onboard_ksr as ksr  # noqa: E402

# Sentence starts, a space before a letter, punctuation after a word, an apostrophe inside a
# word, a French-style elision outside French, digits, a hyphen, whitespace runs and a line end.
TINY = "The cat sat on the mat.  It's a dog's life, isn't it?\nWe walked 3 miles home-ward; the end"


def scripted(words_after):
    """A predictor that shows a word once `words_after` letters of it are typed (and never for a
    word it was not given): the counts follow from the typist's rules alone."""
    def predict(chars, k, count):
        start = k
        while start > 0 and ksr.is_word_character(chars, start - 1):
            start -= 1
        typed = k - start
        end = ksr.word_end(chars, start, "en")
        word = "".join(chars[start:end])
        return [word] if typed >= words_after and end > k else []
    return predict


class Typist(unittest.TestCase):
    def test_normalise_reads_whitespace_runs_as_one_space(self):
        self.assertEqual("".join(ksr.normalise("  a \n\t b  ")), "a b")

    def test_combining_marks_stay_with_their_letter(self):
        self.assertEqual(ksr.characters("e\u0301te\u0301"), ["e\u0301", "t", "e\u0301"])
        self.assertEqual(ksr.characters("\u0915\u094d\u0937"), ["\u0915\u094d", "\u0937"])

    def test_no_suggestion_is_a_press_per_character(self):
        result = ksr.measure(TINY, lambda chars, k, count: [], 3, "en")
        self.assertEqual((result.presses, result.taken), (len(ksr.normalise(TINY)), 0))

    def test_counts_of_a_word_taken_after_its_first_letter(self):
        # Words: The cat sat on the mat It's a dog's life isn't it We walked miles home ward the end
        # (3 and the hyphen typed). Each word costs 2 presses (its letter, the suggestion), "a" 1;
        # the space after a word is saved where the text has one (the suggestion typed it),
        # punctuation after a word costs its own press as before, and "home" before "-" too.
        chars = ksr.normalise(TINY)
        result = ksr.measure(TINY, scripted(1), 3, "en")
        words = re.findall(r"[A-Za-z]+(?:'[A-Za-z]+)*", TINY)
        self.assertEqual(len(words), 19)
        single = sum(1 for w in words if len(w) == 1)
        self.assertEqual(result.taken, len(words) - single)
        spaces_saved = sum(1 for m in re.finditer(r"[A-Za-z]{2,}(?:'[A-Za-z]+)*(?= )", " ".join(TINY.split())))
        letters = sum(len(w) for w in words)
        self.assertEqual(result.presses, len(chars) - letters - spaces_saved + 2 * (len(words) - single) + single)

    def test_a_french_elision_ends_the_word_after_its_apostrophe(self):
        chars = ksr.normalise("l'homme")
        self.assertEqual((ksr.word_end(chars, 0, "fr"), ksr.word_end(chars, 0, "en")), (1, 7))


class OnboardOptions(unittest.TestCase):
    """Onboard's own doctests of WordSuggestions._get_prediction_options (onboard 1.4.1)."""

    def test_as_onboard_documents_them(self):
        cases = [([], False, None, (0, False, False)),
                 (["<s>", "Word", "prefix"], False, None, (2, False, False)),
                 (["<s>", "Word", "Prefix"], False, None, (0, True, False)),
                 (["<s>", "Word", "pRefix"], False, None, (2, False, False)),
                 (["<s>", "Word", ""], False, None, (2, False, False)),
                 (["<s>", "Word", ""], True, None, (0, True, False)),
                 (["<s>", "prefix"], False, None, (2, False, False)),
                 (["<s>", "Prefix"], False, None, (1, False, True)),
                 (["<s>", ""], False, None, (2, False, False)),
                 (["<s>", ""], True, None, (1, False, True)),
                 (["<bot:txt>", "Prefix"], True, "<bot:txt>", (1, False, True))]
        for tokens, shift, marker, expected in cases:
            self.assertEqual(ksr.prediction_options(tokens, shift, marker), expected, tokens)

    @unittest.skipUnless(ksr.onboard_installed(), "onboard-data is not installed")
    def test_onboard_capitalises_at_a_sentence_start_and_shows_nothing_on_an_empty_text(self):
        onboard = ksr.Onboard("en")
        chars = ksr.normalise("Hello there. Th")
        self.assertEqual(onboard(chars, 0, 3), [])
        shown = onboard(chars, len(chars), 3)
        self.assertEqual(len(shown), 3)
        self.assertTrue(all(w[:2] == "Th" for w in shown), shown)


class AgainstTheSwiftTypist(unittest.TestCase):
    """The same text, Clavier's predictor, both typists: the same presses."""

    def test_same_presses_as_clavier_bench(self):
        bin_dir = os.environ.get("CLAVIER_BIN_DIR", "")
        clavier, bench = os.path.join(bin_dir, "clavier"), os.path.join(bin_dir, "clavier-bench")
        if not (bin_dir and os.access(clavier, os.X_OK) and os.access(bench, os.X_OK)):
            self.skipTest("CLAVIER_BIN_DIR has no clavier and clavier-bench")
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, "texts", "held-out"))
            with open(os.path.join(tmp, "texts", "held-out", "en-tiny.txt"), "w") as f:
                f.write(TINY + "\n")
            env = dict(os.environ, CLAVIER_KSR_RUNS="3", XDG_STATE_HOME=tmp, XDG_CONFIG_HOME=tmp, XDG_CACHE_HOME=tmp)
            run = subprocess.run([bench, "--ksr", "--ksr-dir", os.path.join(tmp, "texts"), "--texts", "en-tiny"],
                                 env=env, capture_output=True, text=True, check=True)
            swift = re.search(r"en-tiny: 3 suggestions: KSR [0-9.]+ % \((\d+) presses, (\d+) characters, (\d+) taken\)", run.stderr)
            self.assertIsNotNone(swift, run.stderr)
            os.environ["XDG_STATE_HOME"] = tmp
            predictor = ksr.Clavier(clavier, "en", 3)
            try:
                result = ksr.measure(TINY, predictor, 3, "en")
            finally:
                predictor.close()
            self.assertGreater(result.taken, 0)
            self.assertEqual((result.presses, result.characters, result.taken), tuple(int(g) for g in swift.groups()))


if __name__ == "__main__":
    unittest.main()
