"""Unit tests of the texts made from fortunes: tools/models_heldout.py's Bulgarian held-out text, and
the training text without attributions (python3 -m
unittest discover -s tools -p 'test_models*.py'; make test runs them)."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models_corpora as corpora  # noqa: E402
import models_heldout as heldout  # noqa: E402

# fortunes-bg's format: entries between lines of '%', an attribution after two tabs and "--"
# (running on to a second line in history), a dialogue's lines opened by "- ".
SAMPLE = """Вол без рога не е човек.  А пък човек с рога е вол.
\t\t-- Александър Балабанов
%
Императорът Константин много се огорчил
и заповядал всички отряди да преминат в Тракия
\t\t-- за идването на Аспаруховите българи,
\t\t   из византийска хроника от IX век
%
- На човека са нужни само 3 метра земя.
- Не на човека, а на трупа.
\t\t-- А. П. Чехов
%
Умуването е лукс, делото - необходимост
%
"""


class BulgarianFortunesTests(unittest.TestCase):
    def test_entries_without_separators_attributions_or_the_opening_dash(self):
        with tempfile.TemporaryDirectory() as root:
            folder = os.path.join(root, "usr/share/games/fortunes/bg")
            os.makedirs(folder)
            with open(os.path.join(folder, "bgauthors"), "w", encoding="utf-8") as f:
                f.write(SAMPLE)
            with open(os.path.join(folder, "bgauthors.dat"), "wb") as f:
                f.write(b"\0" * 24)
            os.symlink("bgauthors", os.path.join(folder, "bgauthors.u8"))
            self.assertEqual(heldout.bulgarian_fortunes(root), [
                "Вол без рога не е човек. А пък човек с рога е вол.",
                "Императорът Константин много се огорчил и заповядал всички отряди да преминат в Тракия.",
                "На човека са нужни само 3 метра земя. - Не на човека, а на трупа.",
                "Умуването е лукс, делото - необходимост.",
            ])


class FortunesWithoutAttributionsTests(unittest.TestCase):
    """The training text of de, es and ru: each fortune cut at its attribution, whose name
    counted as a sentence start; a dialogue's own dashes, not indented, stay."""

    def test_each_fortune_ends_before_its_attribution(self):
        with tempfile.TemporaryDirectory() as root:
            folder = os.path.join(root, "usr/share/games/fortunes/ru")
            os.makedirs(folder)
            with open(os.path.join(folder, "bash"), "w", encoding="utf-8") as f:
                f.write("Кто рано встаёт, тому бог подаёт.\n\t\t-- Евгений Кащеев\n%\n"
                        "-- Ты где?\n-- Дома.\n%\n"
                        "Один в поле не воин.\n\t\t-- поговорка,\n\t\t   из сборника\n%\n")
            self.assertEqual(corpora.fortunes(root, "ru", attributions=False),
                             ["Кто рано встаёт, тому бог подаёт.", "-- Ты где? -- Дома.", "Один в поле не воин."])
            self.assertEqual(corpora.fortunes(root, "ru")[0], "Кто рано встаёт, тому бог подаёт. -- Евгений Кащеев")


if __name__ == "__main__":
    unittest.main()
