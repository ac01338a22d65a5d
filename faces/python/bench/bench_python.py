#!/usr/bin/env python3
"""The Python package against mj on the benchmark set: every models.xml entry, seeds 1-3, load + run
(no pictures), CPU time in this process, best of ROUNDS. With --against, compares with mj_bench's CSV
(its `run_ms`: load + run inside mj's own process) entry by entry. With --threads, instead: the wall time of
16 runs sequentially against `batch(..., workers=2)`, in turn, best of ROUNDS (runs release the GIL).

Usage: .venv/bin/python faces/python/bench/bench_python.py [--rounds 3] [--csv out.csv] [--against mj_bench.csv]
       .venv/bin/python faces/python/bench/bench_python.py --threads [--rounds 5]
"""
import argparse
import csv
import os
import pathlib
import sys
import time

import markovjunior as mj
from markovjunior import _core

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = pathlib.Path(os.environ.get("MJ_CORPUS", ROOT.parent / "shared" / "corpus"))


def measure(entry, seed):
    start = time.process_time()
    model = mj.load(CORPUS / "models" / f"{entry['name']}.xml", size=entry["size"], resources=CORPUS / "resources")
    result = model.run(seed, entry["steps"])
    return (time.process_time() - start) * 1000, result.steps


def threads(rounds):
    model = mj.load(CORPUS / "models" / "BasicDijkstraDungeon.xml", size=120)
    seeds = list(range(1, 17))
    sequential, threaded = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        for seed in seeds:
            model.run(seed)
        sequential.append(time.perf_counter() - start)
        start = time.perf_counter()
        mj.batch(model, seeds, workers=2)
        threaded.append(time.perf_counter() - start)
    print(
        f"16 runs of BasicDijkstraDungeon 120: sequential {1000 * min(sequential):.0f} ms, 2 threads "
        f"{1000 * min(threaded):.0f} ms: {min(sequential) / min(threaded):.2f}x on {os.cpu_count()} cores"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--csv", default="/dev/stdout")
    parser.add_argument("--against", help="mj_bench CSV to compare with (run_ms)")
    parser.add_argument("--threads", action="store_true", help="measure 2 threads against one instead")
    args = parser.parse_args()
    if args.threads:
        return threads(args.rounds)
    entries = _core.model_list(str(CORPUS / "models.xml"))
    best = {}
    for _ in range(args.rounds):
        for index, entry in enumerate(entries):
            for seed in (1, 2, 3):
                ms, steps = measure(entry, seed)
                key = (index, seed)
                if key not in best or ms < best[key][0]:
                    best[key] = (ms, steps, entry["name"])
    with open(args.csv, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["index", "name", "seed", "steps", "python_ms"])
        for (index, seed), (ms, steps, name) in sorted(best.items()):
            out.writerow([index, name, seed, steps, f"{ms:.2f}"])
    total = sum(ms for ms, _, _ in best.values())
    print(f"python: {len(best)} runs, load + run {total:,.0f} ms CPU", file=sys.stderr)
    if args.against:
        with open(args.against) as f:
            native = {(int(r["index"]), int(r["seed"])): float(r["run_ms"]) for r in csv.DictReader(f)}
        shared = [key for key in best if key in native]
        py = sum(best[key][0] for key in shared)
        cc = sum(native[key] for key in shared)
        print(
            f"{len(shared)} runs in both: python {py:,.0f} ms, mj {cc:,.0f} ms: overhead {100 * (py / cc - 1):+.1f}%",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
