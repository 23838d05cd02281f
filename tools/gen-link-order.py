#!/usr/bin/env python3
"""Writes the release link's function order (tools/link-order.txt) from callgrind profiles.

Usage: gen-link-order.py BINARY_NAME OUT CALLGRIND_FILE...

Every function of BINARY_NAME that ran in the profiles becomes one line, its symbol, in the
order of the files given (the presses first, then the kept start, then the first start), so
that ld.lld --symbol-ordering-file puts the code Clavier runs next to each other: fewer
pages faulted in at start, fewer resident, and fewer cold pages on the way to a key.
tools/profile-link-order makes the profiles; see BENCHMARKS.md for what it bought.
"""
import re
import sys

def functions(path, binary):
    objects, names, ran = {}, {}, []
    current_object = None
    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
        if m:
            if m.group(3):
                objects[m.group(2)] = m.group(3)
            if m.group(1) == "ob":
                current_object = objects[m.group(2)]
            continue
        m = re.match(r"^fn=\((\d+)\)(?: (.*))?$", line)
        if m:
            if m.group(2):
                names[m.group(1)] = m.group(2)
            if current_object and current_object.split("/")[-1] == binary:
                ran.append(names[m.group(1)])
            continue
        m = re.match(r"^c?fn=\((\d+)\) (.*)$", line)
        if m:
            names[m.group(1)] = m.group(2)
    return ran

def main():
    binary, out, profiles = sys.argv[1], sys.argv[2], sys.argv[3:]
    seen, order = set(), []
    for path in profiles:
        # In callgrind's order. Sorted by name, the same functions measured the same
        # resident size (8.1-8.2 MB of binary, three starts each), so either will do.
        for name in functions(path, binary):
            # callgrind names a function by its symbol; a few carry a suffix of its own.
            symbol = name.split("'")[0]
            if symbol.startswith("0x") or symbol in seen:
                continue
            seen.add(symbol)
            order.append(symbol)
    # A start and a few presses run ~2,000 functions; far fewer is a profile that failed.
    if len(order) < 500:
        sys.exit(f"gen-link-order: only {len(order)} functions in the profiles; {out} left as it was")
    with open(out, "w") as f:
        f.write("\n".join(order) + "\n")
    print(f"{out}: {len(order)} functions", file=sys.stderr)

main()
