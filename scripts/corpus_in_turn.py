#!/usr/bin/env python3
"""Runs the whole corpus job (`mj -j N --json` in a models.xml folder) with several mj binaries in turn.

Usage: corpus_in_turn.py CORPUS ROUNDS JOBS MJ [MJ...]
Each round runs every binary once, A B A B ..., each writing into its own fresh folder under $TMPDIR;
whole processes, timed by the kernel's accounting of the finished child (wall, user and system time,
minor page faults, peak resident memory). Per binary the median of the rounds, and per round the
ratio of each binary's wall time to the first's. The workers' idle time is JOBS times the wall time
less the runs' own times (the `milliseconds` of each JSON line): what the workers spent waiting or
outside a run. Then the ten heaviest entries, each binary's median. Last, the outputs of every
binary are compared byte for byte with the first's."""
import filecmp
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(mj, corpus, jobs, out):
    start = time.perf_counter()
    proc = subprocess.Popen(
        [mj, "-j", str(jobs), "--json", "--out", out],
        cwd=corpus,
        stdout=subprocess.PIPE,
        text=True,
    )
    lines = proc.stdout.read().splitlines()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{mj} failed with status {status}")
    entries = {}
    for line in lines:
        run = json.loads(line)
        entries[run["name"]] = entries.get(run["name"], 0) + run["milliseconds"]
    run_ms = sum(entries.values())
    return {
        "wall": wall,
        "user": usage.ru_utime,
        "sys": usage.ru_stime,
        "faults": usage.ru_minflt,
        "peak_mb": usage.ru_maxrss / 1024,
        "idle": max(0.0, jobs * wall - run_ms / 1000),
        "entries": entries,
    }


def same_files(a, b):
    names = sorted(os.listdir(a))
    if names != sorted(os.listdir(b)):
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, names, shallow=False)
    return not mismatch and not errors


def main():
    corpus, rounds, jobs, binaries = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    scratch = tempfile.mkdtemp(prefix="corpus-in-turn-")
    results = [[] for _ in binaries]
    for r in range(rounds):
        for k, mj in enumerate(binaries):
            out = os.path.join(scratch, f"out-{k}-{r}")
            results[k].append(run_once(os.path.abspath(mj), corpus, jobs, out))
        ratios = " ".join(f"{results[k][r]['wall'] / results[0][r]['wall']:.3f}" for k in range(1, len(binaries)))
        print(f"round {r + 1}: wall against the first {ratios}", file=sys.stderr)
    for k, mj in enumerate(binaries):
        med = {key: statistics.median(run[key] for run in results[k]) for key in results[k][0] if key != "entries"}
        walls = ", ".join(f"{run['wall']:.2f}" for run in results[k])
        print(
            f"{mj}: -j {jobs} wall {med['wall']:.2f} s (rounds {walls}), user {med['user']:.2f} s, "
            f"sys {med['sys']:.2f} s, {med['faults']:.0f} minor faults, peak {med['peak_mb']:.0f} MB, "
            f"workers idle {med['idle']:.2f} s"
        )
        if k > 0:
            pairs = [results[0][r]["wall"] / results[k][r]["wall"] for r in range(rounds)]
            same = same_files(os.path.join(scratch, "out-0-0"), os.path.join(scratch, f"out-{k}-0"))
            print(f"  first / this, wall, median of pairs: {statistics.median(pairs):.3f}; outputs identical: {same}")
    print_heaviest(binaries, results)


def print_heaviest(binaries, results, count=10):
    """The entries taking the most time in the first binary's runs: each binary's median ms over the rounds."""
    per = [{n: statistics.median(run["entries"][n] for run in runs) for n in runs[0]["entries"]} for runs in results]
    print("entry, ms per binary (all its runs, median of the rounds)")
    for name in sorted(per[0], key=per[0].get, reverse=True)[:count]:
        print(f"  {name}: " + " ".join(f"{p[name]:.0f}" for p in per))


if __name__ == "__main__":
    main()
