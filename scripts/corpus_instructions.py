#!/usr/bin/env python3
"""Counts the instructions of every models.xml entry of the corpus job, entry by entry, with callgrind.

Usage: corpus_instructions.py CORPUS OUT.csv MJ [MJ...]
Runs `mj -j 1` once over the whole models.xml to learn each run's seed (the job's own seeds), then,
for each entry and each binary, a one-entry models.xml with those seeds under
`valgrind --tool=callgrind`: the instructions of the whole process (load, runs and pictures), which
do not drift with the machine's load as times do. Writes OUT.csv (entry, one column per binary) and
prints the job's total per binary and the entries that weigh most."""
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def job_seeds(mj, corpus, work):
    out = subprocess.run(
        [mj, "-j", "1", "--json", "--out", os.path.join(work, "seeds")],
        cwd=corpus,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [json.loads(line)["seed"] for line in out.splitlines()]


def entry_lists(corpus, seeds):
    """One models.xml text per entry, with the seeds the whole job gave its runs."""
    root = ET.parse(os.path.join(corpus, "models.xml")).getroot()
    lists, used = [], 0
    for k, model in enumerate(root.findall("model")):
        amount = 1 if model.get("gif") == "True" else int(model.get("amount", "2"))
        model.set("seeds", " ".join(str(s) for s in seeds[used : used + amount]))
        used += amount
        lists.append((f"{k:03d} {model.get('name')}", ET.tostring(model, encoding="unicode")))
    if used != len(seeds):
        sys.exit(f"models.xml lists {used} runs, the job made {len(seeds)}")
    return lists


def instructions(mj, corpus, text, work):
    listed = os.path.join(corpus, "one_entry.xml")
    with open(listed, "w") as f:
        f.write(f"<models>{text}</models>\n")
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", mj, "one_entry.xml", "-j", "1", "-q"]
        + ["--out", os.path.join(work, "out")],
        cwd=corpus,
        capture_output=True,
        text=True,
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode != 0 or not found:
        sys.exit(f"{mj} on {text[:60]} failed:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def main():
    corpus, out_csv, binaries = sys.argv[1], sys.argv[2], sys.argv[3:]
    work = tempfile.mkdtemp(prefix="corpus_instructions_")
    lists = entry_lists(corpus, job_seeds(binaries[0], corpus, work))
    rows = []
    for name, text in lists:
        rows.append([name] + [instructions(mj, corpus, text, work) for mj in binaries])
        print(name, *rows[-1][1:], flush=True)
    os.remove(os.path.join(corpus, "one_entry.xml"))
    shutil.rmtree(work)
    with open(out_csv, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entry"] + binaries)
        w.writerows(rows)
    totals = [sum(r[k] for r in rows) for k in range(1, len(binaries) + 1)]
    for mj, total in zip(binaries, totals):
        print(f"{mj}: {total:,} instructions, {total / totals[0]:.3f} of the first")
    for r in sorted(rows, key=lambda r: -r[1])[:10]:
        print(r[0], *(f"{v:,}" for v in r[1:]), *(f"{v / r[1]:.3f}" for v in r[2:]))


if __name__ == "__main__":
    main()
