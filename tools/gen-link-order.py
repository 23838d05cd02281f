#!/usr/bin/env python3
"""Writes the release link's function order (tools/link-order.txt) from callgrind profiles.

Usage: gen-link-order.py BINARY_NAME OUT CALLGRIND_FILE...
       gen-link-order.py --check|--warn BINARY ORDER_FILE

Every function of BINARY_NAME that ran in the profiles becomes one line, its symbol, in the
order of the files given (the presses first, then the kept start, then the first start), so
that ld.lld --symbol-ordering-file puts the code Clavier runs next to each other: fewer
pages faulted in at start, fewer resident, and fewer cold pages on the way to a key.
tools/profile-link-order makes the profiles; see BENCHMARKS.md for what it bought.

With --check (run after the link by `make release LINK_ORDER_STALE=error`, which `make deb`
and so CI use) it fails if the order file names a function the binary does not define: lld
only warns of those, and a list behind the code costs resident memory (BENCHMARKS.md, "The
release tuning, each part measured"). With --warn (everyday `make release` and `make run`)
it says so and carries on: a renamed function costs a little memory until the list is
remade, never a build.
"""
import re
import subprocess
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

def check(binary, order_file, warn=False):
    listed = [line.strip() for line in open(order_file) if line.strip()]
    nm = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    defined = {line.split()[-1] for line in nm.splitlines() if line.strip()}
    stale = [name for name in listed if name not in defined]
    if stale:
        message = (f"gen-link-order: {order_file} names {len(stale)} of its {len(listed)} functions that {binary} "
                 f"does not define ({', '.join(stale[:3])}{' …' if len(stale) > 3 else ''}): remake it with "
                   "tools/profile-link-order, or delete it to link without an order (docs/release-tuning.md)")
        if not warn:
            sys.exit(message)
        print("warning: " + message, file=sys.stderr)


def main():
    if sys.argv[1] in ("--check", "--warn"):
        check(sys.argv[2], sys.argv[3], warn=sys.argv[1] == "--warn")
        return
    binary, out, profiles = sys.argv[1], sys.argv[2], sys.argv[3:]
    seen, order = set(), []
    for path in profiles:
        # In callgrind's order. Sorted by name, the same functions measured the same
        # resident size (8.1-8.2 MB of binary, three starts each), so either will do.
        for name in functions(path, binary):
            # callgrind names a function by its symbol; a few carry a suffix of its own.
            symbol = name.split("'")[0]
            # Addresses, and callgrind's own names such as "(below main)", are not symbols.
            if symbol.startswith(("0x", "(")) or symbol in seen:
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
