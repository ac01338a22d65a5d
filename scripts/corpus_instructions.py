#!/usr/bin/env python3
"""Counts the instructions of the corpus job (`mj -j 1` in a models.xml folder), entry by entry, with callgrind.

Usage: corpus_instructions.py CORPUS OUT.csv MJ [MJ...]
Runs each binary's whole job once under `valgrind --tool=callgrind --dump-before=*run_job*`: callgrind
writes a profile each time a run begins, so each profile holds the run before it (load, run and
picture; an entry's sidebar callbacks dump too and count with their run). With one worker the runs
follow the list, as the `--json` lines name them. Instruction counts do not move with the machine's
load as times do (they do not see cache misses or page faults either; `rep stos` counts one per
iteration). Writes OUT.csv (entry, one column per binary) and prints each job's total and the
entries that weigh most, with each binary's ratio to the first."""
import csv
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

RUN_START = "run_job(mj::cli::(anonymous namespace)::Job const&, mj::cli::BatchOptions const&"  # then the kept models


def profiles(folder):
    """The profiles callgrind wrote, in order: (what triggered the dump, instructions since the last)."""
    found = []
    for path in glob.glob(os.path.join(folder, "cg*")):
        suffix = path.rsplit(".", 1)[1] if "." in os.path.basename(path) else ""
        order = int(suffix) if suffix.isdigit() else 1 << 30  # the last, at exit, has no number
        trigger, total = "", 0
        with open(path) as f:
            for line in f:
                if line.startswith("desc: Trigger:"):
                    trigger = line.strip()
                elif line.startswith("summary:"):
                    total = int(line.split()[1])
                    break
        found.append((order, trigger, total))
    return [(trigger, total) for _, trigger, total in sorted(found)]


def entry_instructions(mj, corpus, work):
    folder = os.path.join(work, os.path.basename(mj) + "-profiles")
    os.makedirs(folder)
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-before=*run_job*", "--callgrind-out-file=" + folder + "/cg"]
        + [mj, "-j", "1", "--json", "--out", os.path.join(work, "out")],
        cwd=corpus,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    names = [json.loads(line)["name"] for line in out.splitlines()]
    runs, current = [], None
    for trigger, total in profiles(folder):
        if current is not None:
            runs[current] += total
        if RUN_START in trigger:  # a run begins: what follows is its
            runs.append(0)
            current = len(runs) - 1
    if len(runs) != len(names):
        sys.exit(f"{mj}: {len(runs)} runs profiled, {len(names)} reported")
    entries = {}
    for name, total in zip(names, runs):
        entries[name] = entries.get(name, 0) + total
    shutil.rmtree(folder)
    return entries


def main():
    corpus, out_csv, binaries = sys.argv[1], sys.argv[2], sys.argv[3:]
    work = tempfile.mkdtemp(prefix="corpus_instructions_")
    counts = [entry_instructions(mj, corpus, work) for mj in binaries]
    shutil.rmtree(work)
    names = list(counts[0])
    with open(out_csv, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entry"] + binaries)
        w.writerows([name] + [c.get(name, 0) for c in counts] for name in names)
    totals = [sum(c.values()) for c in counts]
    for mj, total in zip(binaries, totals):
        print(f"{mj}: {total:,} instructions, {total / totals[0]:.3f} of the first")
    for name in sorted(names, key=lambda n: -counts[0][n])[:10]:
        first = counts[0][name]
        print(name, *(f"{c.get(name, 0):,}" for c in counts), *(f"{c.get(name, 0) / first:.3f}" for c in counts[1:]))


if __name__ == "__main__":
    main()
