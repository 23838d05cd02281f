"""tools/models-sources.txt: each model's inputs (Debian packages and PyPI wheels, with their
versions) and its size and sha256, written by tools/build-models.py as it builds a model and read
by `tools/build-models.py --check`, which rebuilds the models into a temporary directory and
fails unless each is byte for byte the committed one.

The file, one block per model, sorted by language:

    tr.lm 1867000 bytes sha256 0123…
      deb libreoffice-help-tr 4:7.4.7-1+deb12u14
      whl wordfreq 3.1.1
"""
import fcntl
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

NAME = os.path.join("tools", "models-sources.txt")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def inputs(cache, prefix, debs, wheels):
    """["deb NAME VERSION", "whl NAME VERSION"] of the downloaded inputs among `debs` and `wheels`
    (a Debian package named by prefix, e.g. "python3.11-doc" for python3.X-doc, counts)."""
    out = []
    for deb in sorted(glob.glob(os.path.join(cache, prefix + "debs", "*.deb"))):
        fields = subprocess.run(["dpkg-deb", "-f", deb, "Package", "Version"], capture_output=True, text=True, check=True).stdout
        info = dict(line.split(": ", 1) for line in fields.splitlines() if ": " in line)
        if info["Package"] in debs or (prefix == "" and re.fullmatch(r"python3\.\d+-doc", info["Package"])):
            out.append("deb %s %s" % (info["Package"], info["Version"]))
    for whl in sorted(glob.glob(os.path.join(cache, prefix + "wheels", "*.whl"))):
        name, version = os.path.basename(whl).split("-")[:2]
        if any(w.split("==")[0].replace("-", "_") == name for w in wheels):
            out.append("whl %s %s" % (name, version))
    return out


def read(path):
    """{language: (header line, [input lines], line number)}."""
    blocks, current = {}, None
    if not os.path.exists(path):
        return blocks
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        if not line.startswith(" "):
            lang = line.split(".lm ")[0]
            current = blocks[lang] = (line, [], number)
        elif current:
            current[1].append(line.strip())
    return blocks


def record(out, lang, model, used):
    """Writes the model's block into out/tools/models-sources.txt (atomically; under a lock, for
    builds of several languages side by side)."""
    path = os.path.join(out, NAME)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(os.path.join(tempfile.gettempdir(), "clavier-models-sources.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        write(path, lang, model, used)


def write(path, lang, model, used):
    blocks = read(path)
    blocks[lang] = ("%s.lm %d bytes sha256 %s" % (lang, os.path.getsize(model), sha256(model)), used, 0)
    text = "# Written by tools/build-models.py; tools/build-models.py --check rebuilds every model and compares.\n"
    for key in sorted(blocks):
        text += blocks[key][0] + "\n" + "".join("  %s\n" % u for u in blocks[key][1])
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def check(args, script):
    """0 when a rebuild of args.languages gives the committed models byte for byte; else 1, each
    difference said as `tools/models-sources.txt:LINE: what differs`."""
    repo = os.path.dirname(os.path.dirname(script))
    committed = read(os.path.join(repo, NAME))
    tmp = tempfile.mkdtemp(prefix="clavier-models-check-")
    try:
        subprocess.run([sys.executable, script, "--cache", args.cache, "--languages", args.languages, "--out", tmp], check=True)
        rebuilt = read(os.path.join(tmp, NAME))
        failures = 0
        for lang in args.languages.split(","):
            where = "%s:%d" % (NAME, committed[lang][2]) if lang in committed else NAME
            if lang not in committed:
                print("%s: %s.lm is not listed" % (where, lang))
                failures += 1
                continue
            line, used, _ = committed[lang]
            new_line, new_used, _ = rebuilt[lang]
            on_disk = os.path.join(repo, "Assets", "models", lang + ".lm")
            if used != new_used:
                print("%s: %s.lm was built from %s; this rebuild used %s" % (where, lang, used, new_used))
            if line != new_line:
                print("%s: %s; the rebuild gives %s" % (where, line, new_line))
                failures += 1
            elif not os.path.exists(on_disk) or sha256(on_disk) != line.split("sha256 ")[1]:
                print("%s: %s but Assets/models/%s.lm is not that file" % (where, line, lang))
                failures += 1
            else:
                print("%s.lm: rebuilt byte for byte (%s)" % (lang, line.split("sha256 ")[1][:16]))
        return 1 if failures else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
