#!/usr/bin/env python3
"""Runs several mj_bench binaries entry by entry in turn, for several rounds, and keeps each run's fastest figures.

Usage: bench_in_turn.py OUT_PREFIX ROUNDS BENCH [BENCH...] [-- MJ_BENCH_ARGS...]
Writes OUT_PREFIX.K.csv for the K-th binary (0-based): per run (index, seed) the row of its round with the least
`total_ms` (column by column minimums would mix rounds). The machine's pace drifts within minutes, so binaries
compared side by side must run in turn: then the ratios between them hold even when the absolute times do not."""
import csv
import io
import subprocess
import sys
import tempfile


def run(bench, name, extra):
    # A file of its own: /dev/stdout is not always the pipe (here it was once a plain file).
    with tempfile.NamedTemporaryFile("r", suffix=".csv") as out:
        subprocess.run([bench, "--csv", out.name, "--filter", f"^{name}$", *extra], capture_output=True, check=True)
        return list(csv.DictReader(io.StringIO(out.read())))


def main():
    args = sys.argv[1:]
    extra = args[args.index("--") + 1:] if "--" in args else []
    args = args[:args.index("--")] if "--" in args else args
    prefix, rounds, benches = args[0], int(args[1]), args[2:]
    names = sorted({row["name"] for row in run(benches[0], ".*", [*extra, "--seeds", "1", "--no-images"])})
    best = [dict() for _ in benches]
    for r in range(rounds):
        for name in names:
            for k, bench in enumerate(benches):
                for row in run(bench, name, extra):
                    key = (int(row["index"]), int(row["seed"]))
                    if key not in best[k] or float(row["total_ms"]) < float(best[k][key]["total_ms"]):
                        best[k][key] = row
        print(f"round {r + 1} of {rounds} done", file=sys.stderr)
    for k, rows in enumerate(best):
        with open(f"{prefix}.{k}.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(next(iter(rows.values())).keys()))
            writer.writeheader()
            for key in sorted(rows):
                writer.writerow(rows[key])


if __name__ == "__main__":
    main()
