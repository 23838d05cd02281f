#!/usr/bin/env python3
"""Builds Clavier's word-prediction models: Assets/models/<lang>.lm for en, de, fr, es, ru and the
languages of models_langs.py, and the texts `clavier-bench --ksr` measures them on:
bench/ksr/tuning/ (slices left out of the models' own sources, which the ranking was tuned on)
and bench/ksr/held-out/ (other packages: nothing was built or tuned from them; models_heldout.py
and models_langs.py).

    tools/build-models.py [--cache DIR] [--languages en,de,...] [--held-out-only] [--out DIR]
    tools/build-models.py --check [--languages ...]

Fetches its inputs itself (apt-get download and pip download: no root, nothing installed) into
DIR (default .build-models/). Sources and licences: BENCHMARKS.md, packaging/debian/copyright.
tools/models-sources.txt lists each model's inputs with their versions and its sha256 (written by
each build); --check rebuilds the models into a temporary directory and fails unless each is
byte for byte the one committed. A model is committed when it changes what users get.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models_corpora as corpora  # noqa: E402
import models_lm as lm  # noqa: E402
import models_heldout as heldout  # noqa: E402
import models_langs as langs  # noqa: E402
import models_sources as sources  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Words per language: German and French lose more to unknown words (compounds, inflections:
# 10 % and 8 % of the held-out words are outside their 60,000 most frequent, 8 % and 7 % outside
# 100,000); English prose loses 0.4 % at 60,000.
VOCABULARY = {"en": 60000, "de": 100000, "fr": 100000, "es": 100000, "ru": 100000}
# At most this many bigrams and trigrams kept, the most frequent. English pools CMU Sphinx's
# n-grams, so it has many more worth keeping than fit the earlier bar of <= 6 MB resident after
# typing held-out en-prose with learning (BENCHMARKS.md): 600,000 and 280,000 (7.8 MB, +7.7 MB
# resident) gained 0.9 points on tuning en-casual at 3 over 400,000 and 150,000 (5.6 MB, +5.5 MB
# resident), 0.1 on tuning en-prose; 440,000/170,000 (6.0 MB) was at the bar (+5.96 MB).
BIGRAMS = {"en": 400000}
TRIGRAMS = {"en": 150000}
# Experiments: CLAVIER_BIGRAMS, CLAVIER_TRIGRAMS, CLAVIER_SPHINX_WEIGHT, CLAVIER_SYMSPELL_WEIGHT,
# CLAVIER_TECHNICAL, CLAVIER_TECHNICAL_WEIGHT, CLAVIER_TECHNICAL_STARTS, CLAVIER_FICTION_WEIGHT,
# CLAVIER_FICTION_STARTS in the environment replace the English figures below.
if "CLAVIER_BIGRAMS" in os.environ:
    BIGRAMS["en"] = int(os.environ["CLAVIER_BIGRAMS"])
if "CLAVIER_TRIGRAMS" in os.environ:
    TRIGRAMS["en"] = int(os.environ["CLAVIER_TRIGRAMS"])
# The English model's other n-grams, as so many words of text pooled with the running text's
# (chosen on the tuning texts). symspellpy's Google Books bigrams: 4e7, 1.6e8, 1e7, 2.5e6, 6e5,
# 1e4 tried; 2.5e6 best by 0.2 to 0.5 points. CMU Sphinx's trigram model: 2.5e6, 5e6, 1e7, 4e7
# tried; 1e7 best (4e7 lost 0.5 on en-casual, 2.5e6 and 5e6 0.3 on en-prose).
SYMSPELL_WEIGHT = float(os.environ.get("CLAVIER_SYMSPELL_WEIGHT", 2.5e6))
SPHINX_WEIGHT = float(os.environ.get("CLAVIER_SPHINX_WEIGHT", 1e7))
# Other technical running text pooled into the English model (models_corpora: Django's, Flask's
# and PostgreSQL's documentation, the Debian Administrator's Handbook; 0.93 M words): at most
# this many words of each source, its pages taken evenly through it (None: all of it). Chosen on
# the tuning texts at 3 (BENCHMARKS.md): all of it gained en-docs 1.8 points for 0.2 on en-prose
# and 0.1 on en-casual; PostgreSQL cut to 200,000 words or left out, or the handbook left out,
# gained less on en-docs and no more elsewhere; Django's reference and internals too (+0.19 M
# words) +0.2 on en-docs, −0.1 more on en-prose.
# Their counts are multiplied by this before they are pooled (with the novels beside them: 1,
# 0.5 and 0.25 tried; the tuning texts' sum at 3 was best at 1; BENCHMARKS.md).
TECHNICAL_WEIGHT = float(os.environ.get("CLAVIER_TECHNICAL_WEIGHT", 1))
# Their sentence starts are left out too (CLAVIER_TECHNICAL_STARTS=1 keeps them): with them a
# text's first word was "the, if, this, for, in" and no longer "I" (PredictorTests), and the
# tuning texts' sum at 3 was 174.5 against 174.6 without (192.5 against 192.7 with learning).
TECHNICAL_STARTS = os.environ.get("CLAVIER_TECHNICAL_STARTS", "0") == "1"
TECHNICAL = {"django": None, "flask": None, "postgresql": None, "handbook": None}
# Experiments: CLAVIER_TECHNICAL="django=100000,postgresql=0" replaces those figures.
for item in filter(None, os.environ.get("CLAVIER_TECHNICAL", "").split(",")):
    key, value = item.split("=")
    TECHNICAL[key] = int(value)
# The novels' counts (Austen, Conan Doyle) are multiplied by this before they are pooled: 0.5, 1
# and 2 tried; at 3 suggestions on tuning en-novel 44.9 / 45.3 / 45.8, en-docs 43.9 / 43.9 /
# 43.7, en-casual 40.9 / 40.8 / 40.7 (en-prose 43.3 / 43.4 / 43.2): 1 kept.
FICTION_WEIGHT = float(os.environ.get("CLAVIER_FICTION_WEIGHT", 1))
# Their sentence starts are left out, as Sphinx's are (the running text's others stay): with them,
# at 3 without / with learning, tuning en-novel 45.3 / 47.5 against 45.1 / 47.5 without, but
# en-casual, en-docs and en-prose 0.1 lower each, "Were" took "We're"'s place at a sentence start
# (GlideWordsTests's sentence-start case) and the glide bench's common words decoded without
# context lost 0.6 point top-1. CLAVIER_FICTION_STARTS=1 keeps them.
FICTION_STARTS = os.environ.get("CLAVIER_FICTION_STARTS", "0") == "1"


def split_every(items, n):
    """(training, held out): every n-th item is held out."""
    return [x for i, x in enumerate(items) if i % n], [x for i, x in enumerate(items) if i % n == 0]


def take_words(items, limit):
    out, count = [], 0
    for x in items:
        if count >= limit:
            break
        out.append(x)
        count += len(x.split())
    return out


def spread(items, limit):
    """Items taken evenly through the list (every k-th), about `limit` words of them; all of them
    when limit is None."""
    total = sum(len(x.split()) for x in items)
    if limit is None or total <= limit:
        return items
    if limit <= 0:
        return []
    step = total / limit
    return [x for i, x in enumerate(items) if int(i / step) != int((i + 1) / step)]


def technical(root):
    """The other technical running text of the English model: {source: pages}."""
    return {"django": corpora.django_docs(root), "flask": corpora.flask_docs(root),
            "postgresql": corpora.postgresql_docs(root), "handbook": corpora.debian_handbook(root)}


def corpus(root, lang):
    """(training texts, {tuning text name: texts})."""
    help_dir = "C" if lang == "en" else lang
    help_pages = corpora.markup_pages(root, "usr/share/help/%s/**/*.page" % help_dir)
    help_train, help_held = split_every(help_pages, 10)
    if lang == "en":
        # The Bible is not built from (its style, "Lord", "unto", outweighed the rest and gained
        # nothing on held-out prose): only a contiguous slice of Acts, 12,500 words, is kept as
        # a tuning text.
        bible = corpora.sword(root, "engWEB2015eb")
        start = int(len(bible) * 0.865)
        tuning_prose = take_words(bible[start:], 12500)
        fort_train, fort_held = split_every(corpora.fortunes(root, ""), 10)
        casual = take_words([f for f in fort_held if len(f.split()) <= 25], 5000)
        held = {"en-prose": tuning_prose, "en-casual": casual}
        train = corpora.moby_dick(root) + fort_train + help_train
        # Python's tutorial, HOWTOs, FAQ and setup guide: technical prose, which Sphinx's model
        # (speech) lacks; every 10th page is the tuning text en-docs.
        docs_train, docs_held = split_every(corpora.python_docs(root), 10)
        train += docs_train
        held["en-docs"] = take_words(docs_held, 12500)
        for name, pages in technical(root).items():
            kept = spread(pages, TECHNICAL[name])
            print("technical:", name, len(kept), "of", len(pages), "pages,", sum(len(p.split()) for p in kept), "words")
            train += [(p, TECHNICAL_WEIGHT, TECHNICAL_STARTS) for p in kept]
        # Fiction: Jane Austen's five other novels (Persuasion is the held-out en-prose) and
        # Conan Doyle's Adventures of Sherlock Holmes, whose last 12,500 words or so (the last
        # story and a half) are the tuning text en-novel. The held-out en-novel is Mark Twain's
        # (models_heldout.py). janeaustenr marks italics with underscores ("_she_"): taken out.
        # Their counts are pooled at FICTION_WEIGHT, without their sentence starts (above).
        novels = heldout.austen(root)
        fiction = []
        for title in ("SENSE AND SENSIBILITY", "PRIDE AND PREJUDICE", "MANSFIELD PARK", "EMMA", "NORTHANGER ABBEY"):
            fiction += [p.replace("_", "") for p in heldout.paragraphs(novels[title])]
        sherlock = corpora.sherlock_holmes(root)
        tail = take_words(sherlock[::-1], 12500)[::-1]
        fiction += sherlock[:len(sherlock) - len(tail)]
        train += [(p, FICTION_WEIGHT, FICTION_STARTS) for p in fiction]
        held["en-novel"] = tail
        return train, held
    train = help_train
    held = {}
    if lang in ("de", "es", "ru"):
        # Without the authors' lines (`fortunes`). English's fortunes, and bg's held-out text,
        # keep theirs as they were measured (their top words were unharmed: "The I If").
        fort_train, fort_held = split_every(corpora.fortunes(root, lang, attributions=False), 10)
        train += fort_train
        held["%s-casual" % lang] = take_words(fort_held, 8000)
    if lang in ("de", "fr", "es"):
        ref = corpora.markup_pages(root, "usr/share/debian-reference/*.%s.html" % lang)
        train += ref
    if lang == "es":
        train += corpora.sword(root, "spaRV1909eb")
    if lang in ("fr", "ru"):
        held["%s-docs" % lang] = take_words(help_held, 8000)
    return train, held


def symspell_extra(root, weight):
    """symspellpy's Google Books bigrams as counts of `weight` words of text in all."""
    counts = corpora.symspell_bigrams(root)
    scale = weight / sum(counts.values())
    mass = {}
    for (w1, _), c in counts.items():
        mass[w1] = mass.get(w1, 0) + c
    # The list keeps only frequent pairs: a context's whole mass is taken as at least 1.25 times
    # what the list holds, and the words after it that the list leaves out share the rest.
    return {"bigrams": {k: c * scale for k, c in counts.items()},
            "bigram_mass": {w: m * 1.25 * scale for w, m in mass.items()}}


def sphinx_extra(root, weight):
    """CMU Sphinx's trigram model as the counts of `weight` words of text that would give its
    probabilities: count(u) = P(u) N, count(u v) = count(u) P(v | u), count(u v w) =
    count(u v) P(w | u v), for the pairs and triples the model lists; a context's mass is its own
    count less what ends a sentence after it (the rest, which the model leaves to its back-off,
    goes to ours. Its sentence starts are left out (the running text's stay): they are speech's
    ("yeah", "oh", "okay"); with them tuning en-casual and en-prose lost 0.1 point at 3 and the
    glide bench's words decoded without context 0.3 to 1.3 points."""
    words, unigrams, bigrams, trigrams = corpora.sphinx_trigrams(root)
    end = words.index("</s>")
    start = words.index("<s>")
    uni = [10 ** p * weight for p, _ in unigrams]

    def p_end(u, v=None):
        if v is None:
            hit = bigrams.get((u, end))
            return 10 ** (hit[0] if hit else unigrams[u][1] + unigrams[end][0])
        hit = trigrams.get((u, v, end))
        return 10 ** hit if hit is not None else p_end(v) * 10 ** bigrams[(u, v)][1]

    pairs, pair_mass, triples, triple_mass = {}, {}, {}, {}
    seen = set()
    for (u, v), (p, _) in bigrams.items():
        if u == start:
            continue
        seen.add(u)
        c = uni[u] * 10 ** p
        if v != end and v != start:
            pairs[(words[u], words[v])] = c
        if v != end:
            triple_mass[(words[u], words[v])] = c * (1 - p_end(u, v))
    for u in seen:
        pair_mass[words[u]] = uni[u] * (1 - p_end(u))
    for (u, v, w), p in trigrams.items():
        if w == end or u == start or (u, v) not in bigrams:
            continue
        triples[(words[u], words[v], words[w])] = pairs.get((words[u], words[v]), 0) * 10 ** p
    return {"bigrams": pairs, "bigram_mass": pair_mass, "trigrams": triples, "trigram_mass": triple_mass}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", default=os.path.join(REPO, ".build-models"))
    ap.add_argument("--languages", default=",".join(["en", "de", "fr", "es", "ru"] + langs.LANGUAGES))
    ap.add_argument("--held-out-only", action="store_true", help="write bench/ksr/held-out/ only")
    ap.add_argument("--out", default=REPO, help="write Assets/models and bench/ksr under this directory instead")
    ap.add_argument("--check", action="store_true", help="rebuild into a temporary directory; fail unless each model is the committed one")
    args = ap.parse_args()
    if args.check:
        sys.exit(sources.check(args, os.path.abspath(__file__)))
    out = args.out
    held_dir = os.path.join(out, "bench", "ksr", "held-out")
    os.makedirs(held_dir, exist_ok=True)
    wanted = args.languages.split(",")
    old = [lang for lang in wanted if lang not in langs.SOURCES]
    for name, texts in (heldout.texts(args.cache, take_words) if old or args.held_out_only else {}).items():
        with open(os.path.join(held_dir, name + ".txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(texts) + "\n")
        print("held out:", name, sum(len(t.split()) for t in texts), "words")
    if args.held_out_only or set(langs.OLD_HANDBOOKS) & set(wanted):
        # es and ru: the handbook, whose translations no model is built from.
        hand_root = corpora.unpacked(args.cache, langs.DEBS, [corpora.WHEELS[0]], "langs-")
        for name, texts in langs.old_handbooks(hand_root).items():
            if name.split("-")[0] in wanted:
                with open(os.path.join(held_dir, name + ".txt"), "w", encoding="utf-8") as f:
                    f.write("\n".join(texts) + "\n")
                print("held out:", name, sum(len(t.split()) for t in texts), "words")
    if args.held_out_only:
        return
    root = corpora.fetch(args.cache) if old else None
    new_root = corpora.unpacked(args.cache, langs.DEBS, [corpora.WHEELS[0]], "langs-") if len(old) < len(wanted) else None
    os.makedirs(os.path.join(out, "Assets", "models"), exist_ok=True)
    os.makedirs(os.path.join(out, "bench", "ksr", "tuning"), exist_ok=True)
    for lang in wanted:
        path = os.path.join(out, "Assets", "models", "%s.lm" % lang)
        if lang in langs.SOURCES:
            train, held = langs.corpus(new_root, lang)
            freqs = corpora.wordfreq(new_root, lang)
            # Each a tenth smaller until the model fits in MAX_BYTES (scripts of two bytes a
            # letter need it: their keys are longer).
            for shrink in range(10):
                scale = 0.9 ** shrink
                sizes = lm.build(lang, freqs, train, int(langs.VOCABULARY * scale), int(langs.BIGRAMS * scale),
                                 int(langs.TRIGRAMS * scale), (), path)
                if os.path.getsize(path) <= langs.MAX_BYTES:
                    break
            for name, texts in held.items():
                with open(os.path.join(held_dir, name + ".txt"), "w", encoding="utf-8") as f:
                    f.write("\n".join(texts) + "\n")
            sources.record(out, lang, path, sources.inputs(args.cache, "langs-", langs.debs_for(lang), [corpora.WHEELS[0]]))
            print(lang, os.path.getsize(path), "bytes", sizes, "held out:", {n: sum(len(t.split()) for t in ts) for n, ts in held.items()})
            continue
        train, held = corpus(root, lang)
        freqs = corpora.wordfreq(root, lang)
        extra = []
        if lang == "en":
            extra.append(symspell_extra(root, SYMSPELL_WEIGHT))
            if SPHINX_WEIGHT > 0:
                extra.append(sphinx_extra(root, SPHINX_WEIGHT))
        sizes = lm.build(lang, freqs, train, VOCABULARY[lang], BIGRAMS.get(lang, 420000), TRIGRAMS.get(lang, 220000), extra, path)
        for name, texts in held.items():
            with open(os.path.join(out, "bench", "ksr", "tuning", name + ".txt"), "w", encoding="utf-8") as f:
                f.write("\n".join(texts) + "\n")
        sources.record(out, lang, path, sources.inputs(args.cache, "", corpora.DEBS, corpora.WHEELS))
        print(lang, os.path.getsize(path), "bytes", sizes, "tuning:", {n: sum(len(t.split()) for t in ts) for n, ts in held.items()})


if __name__ == "__main__":
    main()
