#!/usr/bin/env python3
"""A run through .NET against the same run through the C++ API, inside warm processes (issue 32's "within 5%").

For each model, `build/bench/mj_runs_bench MODEL RUNS` (C++ API, the static library) and
`mono build-dotnet/mj-dotnet.exe bench MODEL RUNS` (the .NET binding over libmj.so) run in turn, ROUNDS times
each; each prints the median CPU time of its RUNS runs (seeds 1..RUNS, one model loaded once, the thread's CPU time). Prints per model the
median over rounds of each and the ratio .NET / C++, and the geometric mean of the ratios.
Usage: python3 scripts/bench_dotnet.py [--rounds 5] [--runs 41] [--corpus ../shared/corpus]
(needs build/bench/mj_runs_bench and scripts/dotnet.sh's build-dotnet/)
"""
import argparse
import math
import re
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A maze grower (one rule node, 32,041 steps), a dungeon (several nodes, fields), a WFC house (3D, resources).
MODELS = ["MazeGrowth", "BasicDijkstraDungeon", "Apartemazements"]


def median_ms(command):
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return float(re.search(r"median ([0-9.]+) ms", out).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=41)
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    a = parser.parse_args()
    cpp = [str(ROOT / "build" / "bench" / "mj_runs_bench")]
    dotnet = ["mono", str(ROOT / "build-dotnet" / "mj-dotnet.exe"), "bench"]
    ratios = []
    print(f"median run time of {a.runs} runs (seeds 1-{a.runs}) in one process, median of {a.rounds} rounds in turn")
    print("| model | C++ API | .NET (Mono) | .NET / C++ |")
    print("|---|---:|---:|---:|")
    for name in MODELS:
        model = str(Path(a.corpus) / "models" / f"{name}.xml")
        times = {"cpp": [], "dotnet": []}
        for _ in range(a.rounds):
            times["cpp"].append(median_ms(cpp + [model, str(a.runs)]))
            times["dotnet"].append(median_ms(dotnet + [model, str(a.runs)]))
        c, d = statistics.median(times["cpp"]), statistics.median(times["dotnet"])
        ratios.append(d / c)
        print(f"| {name} | {c:.3f} ms | {d:.3f} ms | {d / c:.3f} |")
    print(f"geometric mean of the ratios: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.3f}")


if __name__ == "__main__":
    main()
