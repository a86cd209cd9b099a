#!/usr/bin/env python3
"""Reads the HTML reports of `cargo build --timings` (target/cargo-timings/*.html) and prints,
for each, a row of the before/after table: the units built, their CPU time (the sum of the
units' own times, which two cores share), the build's wall time, and when the `quadmist`
library unit starts (how long it waits for its dependencies) and how long it takes.

    python3 scripts/timings.py BEFORE.html AFTER.html [...]

Cargo writes the units as a JSON array (`UNIT_DATA`) inside a script of the page; only that
array is read. The unit time is what cargo measured for each rustc run, with the other core
busy or not: CPU seconds and unit counts stay comparable across runs on a shared machine,
wall seconds less so.
"""

import json
import re
import sys


def read(path):
    with open(path, encoding="utf-8") as f:
        page = f.read()
    m = re.search(r"\bUNIT_DATA = (\[.*?\]);\n", page, re.S)
    if not m:
        sys.exit(f"{path}: no UNIT_DATA (not a cargo --timings report?)")
    units = json.loads(m.group(1))
    lib = [u for u in units if u["name"] == "quadmist" and u["target"] == ""]
    if len(lib) != 1:
        sys.exit(f"{path}: {len(lib)} units of the quadmist library, expected 1")
    return {
        "units": len(units),
        "cpu": sum(u["duration"] for u in units),
        "wall": max(u["start"] + u["duration"] for u in units),
        "wait": lib[0]["start"],
        "crate": lib[0]["duration"],
    }


def main(paths):
    if not paths:
        sys.exit(__doc__)
    rows = [(p, read(p)) for p in paths]
    first = rows[0][1]
    print(f"| {'report':<40} | units | CPU s | wall s | crate waits s | crate s | CPU/first | wall/first |")
    print(f"|{'-' * 42}|------:|------:|-------:|--------------:|--------:|----------:|-----------:|")
    for path, r in rows:
        name = path.rsplit("/", 1)[-1]
        print(
            f"| {name:<40} | {r['units']:>5} | {r['cpu']:>5.1f} | {r['wall']:>6.1f} "
            f"| {r['wait']:>13.1f} | {r['crate']:>7.1f} "
            f"| {r['cpu'] / first['cpu']:>9.2f}x | {r['wall'] / first['wall']:>9.2f}x |"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
