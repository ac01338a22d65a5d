#!/usr/bin/env python3
"""Worlds at scale (issue 57's benchmark; a benchmark, not a test: docs/worlds.md quotes its output).

For a maze world (models/BacktrackerMaze.xml) and a wfc world (models/KnotWorld.xml, the corpus's resources):
1. `mj world` writes a SIDE x SIDE region as one PNG (default 16384): wall and CPU time, peak resident memory,
   cells per CPU second, and the bytes per cell in flight (peak memory over the cells of the chunk rows a
   streamed region holds at once);
2. the same model as one grid of ONE x ONE cells (`mj run`, default 2048) against a world region of that area:
   cells per CPU second of each;
3. with --dask, Python's World.region over a Dask LocalCluster of 1 and 2 worker processes (the speed-up);
   --dask-only leaves out 1 and 2.

    /usr/bin/python3 scripts/world_bench.py [--side N] [--one N] [MJ]
    .venv/bin/python scripts/world_bench.py --dask-only
"""
import argparse
import os
import resource
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.environ.get("MJ_CORPUS", os.path.join(os.path.dirname(ROOT), "shared", "corpus"))
WORLDS = {
    "maze": {"model": "models/BacktrackerMaze.xml", "extra": [], "chunk": 64},
    "wfc": {"model": "models/KnotWorld.xml", "extra": ["--resources", os.path.join(CORPUS, "resources")], "chunk": 65},
}


def measured(command):
    """(wall s, CPU s, peak KB) of one child process."""
    start = time.time()
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        raise SystemExit(f"failed ({status}): {' '.join(command)}")
    return time.time() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def world_run(mj, w, side, out):
    command = [mj, "world", w["model"], *w["extra"], "--chunk", str(w["chunk"]), "--seed", "1", "--pixelsize", "1"]
    return measured(command + ["--region", "0", "0", str(side), str(side), "--out", out])


def one_grid(mj, w, side, out):
    unit = 5 if "Knot" in w["model"] else 1  # a Knots2D tile is 5 cells: the grid's size is in tiles
    command = [mj, "run", w["model"], *w["extra"], "--size", str(side // unit), "--seed", "1", "--steps", "0"]
    return measured(command + ["--backtrack", "--out", out, "-q"])


def dask_speedup(side):
    import markovjunior  # the package installed (scripts/python.sh): run this part with .venv/bin/python
    from distributed import Client, LocalCluster

    world = dict(model=os.path.join(ROOT, WORLDS["maze"]["model"]), chunk=256, seed=1)
    rows = []
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster, Client(cluster) as c:
            start = time.time()
            markovjunior.World(**world).region(0, 0, side, side, client=c)
            rows.append((workers, time.time() - start))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mj", nargs="?", default=os.path.join(ROOT, "build", "mj"))
    parser.add_argument("--side", type=int, default=16384)
    parser.add_argument("--one", type=int, default=2048)
    parser.add_argument("--dask", action="store_true")
    parser.add_argument("--dask-only", action="store_true")
    a = parser.parse_args()
    if not a.dask_only:
        files(a)
    if a.dask or a.dask_only:
        print()
        print("| Dask workers | 4096 x 4096 of the maze world, chunk 256 |")
        print("|---:|---:|")
        for workers, seconds in dask_speedup(4096):
            print(f"| {workers} | {seconds:.1f} s |")


def files(a):
    with tempfile.TemporaryDirectory() as scratch:
        print("| world | region | wall | CPU | peak memory | cells / CPU s | bytes / cell in flight |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for name, w in WORLDS.items():
            wall, cpu, peak = world_run(mj=a.mj, w=w, side=a.side, out=os.path.join(scratch, name + ".png"))
            in_flight = a.side * w["chunk"] * 7  # a band's chunk row, and the 3 above and below its chunks reach
            print(
                f"| {name} | {a.side} x {a.side} | {wall:.1f} s | {cpu:.1f} s | {peak / 1024:.0f} MB "
                f"| {a.side * a.side / cpu:,.0f} | {peak * 1024 / in_flight:.1f} |"
            )
        print()
        print("| world | one grid | its cells / CPU s | a world region of that area, cells / CPU s |")
        print("|---|---|---:|---:|")
        for name, w in WORLDS.items():
            _, grid_cpu, _ = one_grid(a.mj, w, a.one, os.path.join(scratch, "one"))
            _, world_cpu, _ = world_run(a.mj, w, a.one, os.path.join(scratch, name + "-one.png"))
            print(
                f"| {name} | {a.one} x {a.one} | {a.one * a.one / grid_cpu:,.0f} | {a.one * a.one / world_cpu:,.0f} |"
            )


if __name__ == "__main__":
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    main()
