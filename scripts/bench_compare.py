#!/usr/bin/env python3
"""Compares two timing CSVs (columns index,name,seed,ms,status,...): per-entry and total ratios.

Usage: bench_compare.py BASE.csv NEW.csv [COLUMN]   (e.g. the reference's reference-times-mono.csv and mj_bench's CSV)
Only runs present and "ok" in both count. Ratio = base ms / new ms (above 1: NEW is faster). COLUMN picks the
time column of NEW (default ms; mj_bench's run_ms is load + run inside the process, without fork and exit)."""
import csv
import sys
from collections import defaultdict


def load(path, column="ms"):
    runs = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            if row["status"] == "ok":
                runs[(row["index"], row["seed"])] = (row["name"], float(row[column]))
    return runs


def main():
    base, new = load(sys.argv[1]), load(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "ms")
    common = sorted(set(base) & set(new), key=lambda k: (int(k[0]), int(k[1])))
    per_entry = defaultdict(lambda: [None, 0.0, 0.0])
    for key in common:
        entry = per_entry[key[0]]
        entry[0] = base[key][0]
        entry[1] += base[key][1]
        entry[2] += new[key][1]
    print(f"{'index':>5} {'name':24} {'base ms':>10} {'new ms':>10} {'ratio':>8}")
    worst = None
    for index, (name, b, n) in sorted(per_entry.items(), key=lambda kv: int(kv[0])):
        ratio = b / max(n, 0.01)
        worst = min(worst or (ratio, name), (ratio, name))
        print(f"{index:>5} {name:24} {b:10.1f} {n:10.1f} {ratio:8.2f}")
    total_b = sum(e[1] for e in per_entry.values())
    total_n = sum(e[2] for e in per_entry.values())
    print(f"runs compared: {len(common)}; total {total_b:.0f} ms vs {total_n:.0f} ms; ratio {total_b / max(total_n, 0.01):.2f}")
    if worst:
        print(f"smallest entry ratio: {worst[0]:.2f} ({worst[1]})")


if __name__ == "__main__":
    main()
