"""Unit tests of tools/models_lm.py's words and case (python3 -m unittest discover -s tools -p 'test_*.py';
make test runs them). The keyboard's own rules: Sources/ClavierText/LanguageCase.swift."""
import os
import sys
import unittest
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models_lm as lm  # noqa: E402


class WordsTests(unittest.TestCase):
    def test_devanagari_virama_and_vowel_signs_stay_in_the_word(self):
        self.assertEqual(lm.tokens("हिन्दी में लिखा", "hi"), ["हिन्दी", "में", "लिखा"])

    def test_persian_zwnj_stays_in_the_word(self):
        self.assertEqual(lm.tokens("من می\u200cخواهم بروم", "fa"), ["من", "می\u200cخواهم", "بروم"])

    def test_thai_marks_stay_in_the_word(self):
        self.assertEqual(lm.tokens("ก่อน ที่จะ", "th"), ["ก่อน", "ที่จะ"])

    def test_a_decomposed_accent_stays_in_the_word(self):
        self.assertEqual(lm.tokens("cafe\u0301 noir", "fr"), ["cafe\u0301", "noir"])

    def test_words_with_marks_are_kept_in_the_vocabulary(self):
        self.assertTrue(lm.good_word("हिन्दी", "hi"))
        self.assertTrue(lm.good_word("می\u200cخواهم", "fa"))
        self.assertFalse(lm.good_word("\u0301abc", "fr"))  # a mark alone does not start a word

    def test_no_word_longer_than_the_keyboard_reads(self):
        # 22 Tamil letters, 66 bytes: Words.maxWordBytes is 64, and SystemModel refused ta.lm.
        self.assertFalse(lm.good_word("எதிர்பார்க்கப்படுகிறது", "ta"))
        self.assertTrue(lm.good_word("எதிர்பார்க்கப்படுகி", "ta"))

    def test_english_words_unchanged(self):
        self.assertEqual(lm.tokens("Don't stop, it's 3 o'clock.", "en"), ["Don't", "stop", "it's", None, "o'clock"])


class CaseTests(unittest.TestCase):
    def test_turkish_dotted_and_dotless_i(self):
        self.assertEqual(lm.lower("İSTANBUL", "tr"), "istanbul")
        self.assertEqual(lm.lower("ISPARTA", "tr"), "ısparta")
        self.assertEqual(lm.upper("istanbul", "tr"), "İSTANBUL")
        self.assertEqual(lm.lower("ISTANBUL", "en"), "istanbul")

    def test_greek_final_sigma(self):
        self.assertEqual(lm.lower("ΟΔΟΣ ΣΑΣ", "el"), "οδος σας")

    def test_german_sharp_s_is_one_capital(self):
        self.assertEqual(lm.upper("straße", "de"), "STRAẞE")

    def test_turkish_capital_case_flag(self):
        # "İzmir" seen at a sentence's middle twice: its key "izmir" is shown with a capital.
        self.assertEqual(lm.case_flag("izmir", Counter({"İzmir": 3}), "tr"), lm.CAPITAL)

    def test_turkish_words_counted_under_their_own_key(self):
        model = os.path.join(os.environ.get("TMPDIR", "/tmp"), "test-models-lm-tr.lm")
        sizes = lm.build("tr", [("istanbul", 1e-4), ("ısparta", 1e-5), ("büyük", 1e-4)],
                         ["Büyük İstanbul. Büyük İstanbul. Büyük Isparta."], 10, 100, 100, path=model)
        os.remove(model)
        # <s>→büyük, büyük→istanbul, büyük→ısparta: none lost to "i̇stanbul" or "isparta".
        self.assertEqual(sizes["bigrams"], 3)


if __name__ == "__main__":
    unittest.main()
