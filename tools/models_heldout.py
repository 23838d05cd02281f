"""The held-out texts of `clavier-bench --ksr` (bench/ksr/held-out/): from packages that no model
is built from and no weight was tuned on. Each source and licence: BENCHMARKS.md and
packaging/debian/copyright.

- en-prose: Jane Austen's "Persuasion" (public domain), from r-cran-janeaustenr (Debian);
- en-casual: the English dialogues of chatterbot-corpus (PyPI, BSD);
- en-tutorial: "The Rust Programming Language" (rust-doc, MIT or Apache-2.0), chapters 1 to 3.2,
  prose only (no Rust documentation is built from);
- en-novel: Mark Twain's "The Adventures of Tom Sawyer" (public domain), the Project Gutenberg
  text that golang-github-pierrec-lz4-dev ships as test data (another author than the novels
  the English model is built from: Austen's other five, Melville, Conan Doyle);
- de-docs, fr-docs: the Debian FAQ in German and French (debian-faq-de, debian-faq-fr);
- bg-fortunes: the Bulgarian fortunes of fortunes-bg (GPL-1+, Anton Zinoviev), in file order,
  without the attributions (Debian ships no Bulgarian help or handbook; the bg model is
  wordfreq's words only).
"""
import glob
import os

import models_corpora as corpora

DEBS = ["r-cran-janeaustenr", "debian-faq-de", "debian-faq-fr", "rust-doc", "golang-github-pierrec-lz4-dev"]
WHEELS = ["chatterbot-corpus==1.3.3"]


# Unpacked apart from DEBS, so that adding it left the other texts' download as it was.
BG_DEBS = ["fortunes-bg"]


def fetch(cache):
    """Downloads the held-out sources once into cache/ and unpacks them into cache/held-out-root
    (again when the list of sources changed)."""
    return corpora.unpacked(cache, DEBS, WHEELS, "held-out-")


def austen(root):
    """{title: [lines]}: the six novels janeaustenr ships."""
    return corpora.r_character_vectors(os.path.join(root, "usr/lib/R/site-library/janeaustenr/data/Rdata.rdb"))


def paragraphs(lines):
    """Paragraphs (blank-line separated) as single lines, without chapter headings."""
    out, current = [], []
    for line in lines + [""]:
        if line.strip():
            current.append(line.strip())
            continue
        if current:
            text = corpora.tidy(" ".join(current))
            if not text.upper().startswith("CHAPTER") and any(c.islower() for c in text):
                out.append(text)
            current = []
    return out


def tom_sawyer(root):
    """Tom Sawyer's paragraphs from its first chapter on (the preface left out)."""
    return corpora.gutenberg_book(os.path.join(root, "usr/share/gocode/src/github.com/pierrec/lz4/testdata/Mark.Twain-Tom.Sawyer.txt"),
                                  "No answer.")


def chat_lines(root, language):
    """Every line of chatterbot-corpus's dialogues in `language`, in file order, each once."""
    out, seen = [], set()
    for path in sorted(glob.glob(os.path.join(root, "wheels/chatterbot_corpus/data", language, "*.yml"))):
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if not line.startswith("- "):
                continue
            text = line.lstrip("- ").strip().strip("'\"")
            if len(text.split()) >= 2 and text not in seen and not text.startswith("-"):
                seen.add(text)
                out.append(text)
    return out


def rust_book(root):
    """The pages of "The Rust Programming Language" (rust-doc's mdBook HTML), chapters in order,
    each page's prose (its <main>) without code blocks and the file names above them."""
    return corpora.html_docs(root, ["usr/share/doc/rust-doc/html/book/ch*.html"], "<main>", "</main>",
                             (r'<p>\s*<span class="filename">.*?</p>',))


def bulgarian_fortunes(root):
    """fortunes-bg's sayings and passages in file order, each one line, without the attribution
    ("\\t\\t-- author", which may run on to a second line) and the dash that opens a dialogue;
    each ends a sentence."""
    out = []
    for entry in corpora.fortunes(root, "bg"):
        text = entry.split(" -- ")[0].strip()
        text = text[2:] if text.startswith("- ") else text
        if text:
            out.append(text if text[-1] in ".!?:;\"" else text + ".")
    return out


def texts(cache, take_words):
    """{name: [lines]} of every held-out text."""
    root = fetch(cache)
    persuasion = paragraphs(austen(root)["PERSUASION"])
    chat = chat_lines(root, "english")
    # Without each chapter's table of contents and navigation, which repeat its headings.
    strip = (r'<div class="toc">.*?</dl></div>', r'<div class="navheader">.*?</table>', r'<div class="navfooter">.*?</table>')
    faq = {lang: corpora.markup_pages(root, "usr/share/doc/debian/FAQ/%s/*.%s.html" % (lang, lang), strip) for lang in ("de", "fr")}
    return {
        "en-prose": take_words(persuasion[5:], 12500),
        "en-casual": take_words(chat[::2], 5000),
        # From chapter 1 (the introduction, chapter 0, is about the book): installing, hello
        # world, Cargo, the guessing game, variables, data types; 12,099 words.
        "en-tutorial": take_words(rust_book(root)[1:], 12000),
        "en-novel": take_words(tom_sawyer(root), 12500),
        "de-docs": take_words(faq["de"], 8000),
        "fr-docs": take_words(faq["fr"], 8000),
        "bg-fortunes": take_words(bulgarian_fortunes(corpora.unpacked(cache, BG_DEBS, [], "held-out-bg-")), 2000),
    }
