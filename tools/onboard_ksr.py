#!/usr/bin/env python3
"""Keystroke savings of Onboard's word prediction, measured as `clavier-bench --ksr` measures
Clavier's (Sources/clavier-bench/KeystrokeSavings.swift), on the same held-out texts
(bench/ksr/held-out/LANG-NAME.txt), for each language Onboard has a model of (onboard-data).

    tools/onboard_ksr.py [--texts DIR] [--counts 3,5] [NAME ...]

The typist is the Swift one, rule for rule: the text's whitespace runs read as one space; one
press per character typed, one per suggestion taken (the right word taken as soon as the bar
shows it), the space the suggestion adds saving a press where the text has a space, costing none
before punctuation and a BackSpace before anything else. KSR = 1 - presses / characters.

Onboard is driven as Onboard drives itself for its suggestion bar (Onboard/WordSuggestions.py,
WPEngine.py, TextDomain.py of onboard 1.4.1): its system model for the language loaded into a
pypredict DynamicModel (UnigramModel for an order-1 file), absolute discounting, through
pypredict.overlay; the context is the 256 characters before the caret, with the "<bot:txt>"
marker when they reach the text's start, and no suggestion for an empty text; its case options
(_get_prediction_options: smart case-insensitive mid-word, capitals only after a capital,
choices capitalised at a sentence start), accent-insensitive (its default), 40 choices asked,
"<bot:" choices dropped, the first N shown. Learning is off: the user model is left out (empty,
it changes nothing). Shift is pressed before a capital (free, as the Swift typist counts no
Shift): Onboard's options read it when the prefix is empty.

With --clavier BIN the same typist asks Clavier's predictor instead (`clavier predict`, the
120 characters before the caret, as the bench does): tools/test_onboard_ksr.py checks that it
counts what clavier-bench counts.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import time
import unicodedata

ONBOARD_PACKAGE = "/usr/lib/python3/dist-packages/Onboard"
ONBOARD_MODELS = "/usr/share/onboard/models"
# Onboard's model for each language Clavier has (onboard-data 1.4.1): the one Onboard picks for
# the main locale; pt is Brazil's, as the held-out pt-handbook is.
MODELS = {"bg": "bg_BG", "da": "da_DK", "de": "de_DE", "el": "el_GR", "en": "en_US", "es": "es_ES",
          "fr": "fr_FR", "it": "it_IT", "nl": "nl_NL", "pl": "pl_PL", "pt": "pt_BR", "ro": "ro_RO",
          "ru": "ru_RU", "sv": "sv_SE", "tr": "tr_TR"}
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# --- the typist (KeystrokeSavings.swift) ---


def characters(text):
    """Swift's Characters, near enough for the texts here: a code point with its combining marks
    (and what a ZWJ joins), "\\r\\n" as one."""
    out = []
    for c in text:
        joins = out and (unicodedata.category(c) in ("Mn", "Mc", "Me") or c == "\u200d" or out[-1][-1] == "\u200d"
                         or "\ufe00" <= c <= "\ufe0f" or (c == "\n" and out[-1] == "\r"))
        if joins:
            out[-1] += c
        else:
            out.append(c)
    return out


def normalise(text):
    out = []
    for c in characters(text):
        if c[0].isspace():
            if out and out[-1] != " ":
                out.append(" ")
        else:
            out.append(c)
    if out and out[-1] == " ":
        out.pop()
    return out


def is_letter(c):
    category = unicodedata.category(c[0])
    return category[0] == "L" or category == "Nl"


def is_word_character(chars, i):
    c = chars[i]
    return is_letter(c) or unicodedata.category(c[0]) in ("Nd", "Nl", "No") or c == "_"


ELISIONS = {"l", "d", "j", "qu", "n", "s", "c", "m", "t", "jusqu", "lorsqu", "puisqu"}


def word_end(chars, i, language):
    k = i
    while k < len(chars):
        if is_word_character(chars, k):
            k += 1
        elif chars[k] in ("'", "\u2019") and k + 1 < len(chars) and is_letter(chars[k + 1]) and k > i:
            if language == "fr" and "".join(chars[i:k]).lower() in ELISIONS:
                return k
            k += 1
        else:
            break
    return k


class Savings:
    def __init__(self):
        self.characters = self.presses = self.taken = 0
        self.query_ns = []

    @property
    def ksr(self):
        return 0.0 if self.characters == 0 else 1 - self.presses / self.characters


def measure(text, predictor, count, language):
    """The typist of KeystrokeSavings.measure, without learning. predictor(chars, k, count) ->
    the suggestions shown with the caret before chars[k]."""
    result = Savings()
    chars = normalise(text)
    result.characters = len(chars)
    i = 0
    while i < len(chars):
        if not is_letter(chars[i]) or (i > 0 and is_word_character(chars, i - 1)):
            result.presses += 1
            i += 1
            continue
        end = word_end(chars, i, language)
        target = "".join(chars[i:end])
        k, done = i, False
        while k < end:
            start = time.monotonic_ns()
            suggestions = predictor(chars, k, count)
            result.query_ns.append(time.monotonic_ns() - start)
            if target in suggestions:
                result.presses += 1
                result.taken += 1
                k = end
                if end < len(chars):
                    if chars[end] == " ":
                        k += 1
                    elif is_word_character(chars, end):
                        result.presses += 1
                done = True
                break
            result.presses += 1
            k += 1
        i = k if done else end
    return result


# --- Onboard's predictor, as Onboard asks it ---


def onboard_installed():
    return os.path.isdir(os.path.join(ONBOARD_PACKAGE, "pypredict")) and os.path.isdir(ONBOARD_MODELS)


def prediction_options(tokens, shift, bot_marker):
    """WordSuggestions._get_prediction_options (onboard 1.4.1), line for line: (case-insensitive
    mode 0/1/2, ignore non-capitalised, capitalise)."""
    if not tokens:
        return 0, False, False
    prefix = tokens[-1]
    sentence_begin = len(tokens) >= 2 and (tokens[-2] == "<s>" or bool(bot_marker) and tokens[-2] == bot_marker)
    capitalized = bool(prefix) and prefix[0].isupper()
    empty_prefix = not prefix
    ignore_non_caps = not sentence_begin and (capitalized or empty_prefix and shift)
    capitalize = sentence_begin and (capitalized or shift)
    case_insensitive = sentence_begin or not (capitalized or shift)
    mode = 0 if not case_insensitive else (1 if capitalize else 2)
    return mode, ignore_non_caps, capitalize


class Onboard:
    """Onboard's suggestions from its system model for `language`."""

    MARKER = "<bot:txt>"

    def __init__(self, language):
        if ONBOARD_PACKAGE not in sys.path:
            sys.path.insert(0, ONBOARD_PACKAGE)
        import pypredict
        self.pp = pypredict
        path = os.path.join(ONBOARD_MODELS, MODELS[language] + ".lm")
        model = pypredict.UnigramModel() if pypredict.read_order(path) == 1 else pypredict.DynamicModel()
        model.load(path)
        model.smoothing = "abs-disc"
        self.model = pypredict.overlay([model])
        self.path = path

    def __call__(self, chars, k, count):
        begin = max(k - 256, 0)
        context = "".join(chars[begin:k])
        if not context:
            return []
        if begin == 0:
            context = self.MARKER + " " + context
        tokens, _ = self.pp.tokenize_context(context)
        shift = k < len(chars) and chars[k][0].isupper()
        mode, ignore_non_caps, capitalize = prediction_options(tokens, shift, self.MARKER)
        lm = self.pp.LanguageModel
        options = lm.ACCENT_INSENSITIVE_SMART
        options |= lm.CASE_INSENSITIVE if mode == 1 else lm.CASE_INSENSITIVE_SMART if mode == 2 else 0
        options |= lm.IGNORE_NON_CAPITALIZED if ignore_non_caps else 0
        choices = [c[0] for c in self.model.predictp(tokens, 5 * 8, options=options) if not c[0].startswith("<bot:")]
        if capitalize:
            seen, capitalised = set(), []
            for c in choices:
                c = c[:1].upper() + c[1:]
                if c and c not in seen:
                    seen.add(c)
                    capitalised.append(c)
            choices = capitalised
        return choices[:count]


class Clavier:
    """Clavier's suggestions through `clavier predict` (no learning, nothing blocked: as
    clavier-bench's Predictor)."""

    def __init__(self, binary, language, count):
        self.child = subprocess.Popen([binary, "predict", "--language", language, "--no-learning", "--offensive-words", "allow",
                                       "--suggestions", str(count)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True, encoding="utf-8")

    def __call__(self, chars, k, count):
        self.child.stdin.write(json.dumps({"before": "".join(chars[max(0, k - 120):k])}, ensure_ascii=False) + "\n")
        self.child.stdin.flush()
        return json.loads(self.child.stdout.readline())["suggestions"][:count]

    def close(self):
        self.child.stdin.close()
        self.child.wait()
        self.child.stdout.close()


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int((len(values) - 1) * p / 100))] if values else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--texts", default=os.path.join(REPO, "bench", "ksr", "held-out"))
    ap.add_argument("--counts", default="3,5")
    ap.add_argument("--clavier", help="measure Clavier's predictor (this clavier binary) instead of Onboard's")
    ap.add_argument("names", nargs="*", help="texts (LANG-NAME) to measure; default: each whose language Onboard has")
    args = ap.parse_args()
    counts = [int(c) for c in args.counts.split(",")]
    if not args.clavier and not onboard_installed():
        print("Onboard's word prediction: not measured (onboard and onboard-data are not installed: tools/install-deps bench).")
        return 0
    names = args.names or sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(args.texts, "*.txt")))
    names = [n for n in names if n.split("-")[0] in MODELS]
    who = "Clavier (%s)" % args.clavier if args.clavier else "Onboard 1.4.1 (onboard-data's models, learning off)"
    print("### %s on the held-out texts, the bench's typist\n" % who)
    print("| text | model | words | " + " | ".join("KSR %d" % c for c in counts) + " | presses / characters at %d | query p50 / p95 (ms) |" % counts[0])
    print("| --- | --- | ---: | " + " | ".join("---:" for _ in counts) + " | ---: | ---: |")
    for name in names:
        language = name.split("-")[0]
        text = open(os.path.join(args.texts, name + ".txt"), encoding="utf-8").read()
        cells, queries, first = [], [], None
        for count in counts:
            predictor = Clavier(args.clavier, language, count) if args.clavier else Onboard(language)
            result = measure(text, predictor, count, language)
            if args.clavier:
                predictor.close()
            first = first or result
            queries += result.query_ns
            cells.append("%.1f %%" % (result.ksr * 100))
            print("%s: %d suggestions: KSR %.1f %% (%d presses, %d characters, %d taken)"
                  % (name, count, result.ksr * 100, result.presses, result.characters, result.taken), file=sys.stderr)
        model = os.path.basename(predictor.path) if not args.clavier else language + ".lm"
        print("| %s | %s | %d | %s | %d / %d | %.3f / %.3f |" % (name, model, len(text.split()), " | ".join(cells), first.presses,
                                                                first.characters, percentile(queries, 50) / 1e6, percentile(queries, 95) / 1e6))
    print("\nQuery times are Python's call into Onboard's C++ model (pypredict), choices and case included.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
