#!/usr/bin/env python3
"""The language reference's examples (docs/language/examples/*.xml) and their pictures.

Each example starts with a comment that says how to run it:
    <!-- run: size=16 seed=1 pixelsize=8 steps=0 d=3 iso resources -->
size (N, or LxW, LxWxH) and seed are required, and pixelsize unless the example has no picture; steps (default:
mj's, 50000), d (2 or 3), iso (isometric PNG of a 3D grid), resources (the corpus's resources folder:
../shared/corpus/resources from the repository, for rule files, samples and tilesets; resources=local:
docs/language/examples/resources, pictures made for the docs) and nopicture (an example
that backs a claim and needs no picture) are optional. The picture is docs/language/pictures/NAME_SEED.png.

A claim the page makes about the example's run is stated in `expect` comments, each item a checked claim:
    <!-- expect: steps=256 W=256 B=0 -->        the run's step count; how many cells hold each value
    <!-- expect grid:
    BWB
    BBB
    -->                                          the final grid, rows as `mj run --state` writes them
    <!-- expect error: 5: no such value -->     the run fails at line 5, the message containing this text

    python3 scripts/docs.py write MJ       # run every example, write the pictures
    python3 scripts/docs.py check MJ       # run every example into a scratch folder, compare with the pictures
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGUAGE = os.path.join(ROOT, "docs", "language")
EXAMPLES = os.path.join(LANGUAGE, "examples")
PICTURES = os.path.join(LANGUAGE, "pictures")
RESOURCES = os.path.join(os.path.dirname(ROOT), "shared", "corpus", "resources")
HEADER = re.compile(r"<!--\s*run:([^>]*)-->")
EXPECT = re.compile(r"<!--\s*expect:([^>]*)-->")
EXPECT_GRID = re.compile(r"<!--\s*expect grid:\s*\n(.*?)-->", re.S)
EXPECT_ERROR = re.compile(r"<!--\s*expect error:\s*(\d+):\s*(.*?)\s*-->", re.S)


def expectations(text):
    """The claims an example's comments state: [(kind, key, value)]."""
    found = []
    for m in EXPECT.finditer(text):
        for word in m.group(1).split():
            key, _, value = word.partition("=")
            found.append(("steps" if key == "steps" else "count", key, int(value)))
    for m in EXPECT_GRID.finditer(text):
        found.append(("grid", "", [row.strip() for row in m.group(1).strip().splitlines()]))
    for m in EXPECT_ERROR.finditer(text):
        found.append(("error", int(m.group(1)), m.group(2)))
    return found


def examples():
    """(name, path, settings) of every example, in name order."""
    found = []
    for file in sorted(os.listdir(EXAMPLES)):
        if not file.endswith(".xml"):
            continue
        path = os.path.join(EXAMPLES, file)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        m = HEADER.search(text)
        if not m:
            raise SystemExit(f"{path}: no <!-- run: size=N seed=S pixelsize=P --> comment")
        settings = {}
        for word in m.group(1).split():
            key, _, value = word.partition("=")
            settings[key] = value if value else True
        for key in ("size", "seed") + (() if "nopicture" in settings else ("pixelsize",)):
            if key not in settings:
                raise SystemExit(f"{path}: the run comment needs {key}=")
        settings["expect"] = expectations(text)
        found.append((file[:-4], path, settings))
    return found


def picture_name(name, settings):
    return f"{name}_{settings['seed']}.png"


def run(mj, path, settings, out, state=None):
    """Runs one example into folder `out` (its final grid as text to `state`); returns mj's exit code and its
    error output."""
    command = [
        mj,
        "run",
        path,
        "--seed",
        settings["seed"],
        "--out",
        out,
        "-q",
    ]
    sides = settings["size"].split("x")  # size=5x1: length 5, width 1
    if len(sides) == 1:
        command += ["--size", sides[0]]
    else:
        command += [arg for flag, side in zip(("--length", "--width", "--height"), sides) for arg in (flag, side)]
    command += ["--no-picture"] if "nopicture" in settings else ["--pixelsize", settings["pixelsize"]]
    if state:
        command += ["--state", state]
    if "steps" in settings:
        command += ["--steps", settings["steps"]]
    if "d" in settings:
        command += ["--d", settings["d"]]
    if "iso" in settings:
        command += ["--iso"]
    if settings.get("resources") == "local":  # pictures made for the docs: docs/language/examples/resources
        command += ["--resources", os.path.join(EXAMPLES, "resources")]
    elif "resources" in settings:
        command += ["--resources", RESOURCES]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stderr.strip()


def read_state(path):
    """(steps, rows) of a --state file: a header `NAME MX MY MZ SEED STEPS`, the legend, then the rows."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    return int(lines[0].split()[-1]), [line for line in lines[2:] if line]


def claims(name, path, settings, code, error, state):
    """The example's stated claims that its run breaks, as messages; and how many claims it checked."""
    wanted = settings["expect"]
    problems = []
    for kind, key, value in wanted:
        if kind == "error":
            where = f"{path}:{key}: "
            if code == 0 or not error.startswith(where) or value not in error:
                problems.append(f"{name}: expected the error '{where}...{value}', mj said: {error or 'nothing'}")
    if any(kind == "error" for kind, _, _ in wanted) or not wanted:
        return problems, len(wanted)
    if code != 0:
        return [f"{name}: mj failed: {error}"], len(wanted)
    steps, rows = read_state(state)
    cells = "".join(rows)
    for kind, key, value in wanted:
        if kind == "steps" and steps != value:
            problems.append(f"{name}: expected {value} steps, the run took {steps}")
        elif kind == "count" and cells.count(key) != value:
            problems.append(f"{name}: expected {value} cells {key}, the run left {cells.count(key)}")
        elif kind == "grid" and rows != value:
            problems.append(f"{name}: expected the grid\n" + "\n".join(value) + "\nthe run left\n" + "\n".join(rows))
    return problems, len(wanted)


def write(mj):
    os.makedirs(PICTURES, exist_ok=True)
    wanted = set()
    failed = 0
    for name, path, settings in examples():
        if "nopicture" in settings:
            continue
        code, error = run(mj, path, settings, PICTURES)
        wanted.add(picture_name(name, settings))
        if code != 0:
            print(f"FAILED {name}: {error}")
            failed += 1
        else:
            print(f"{name}: pictures/{picture_name(name, settings)}")
    for file in sorted(os.listdir(PICTURES)):
        if file not in wanted:
            os.remove(os.path.join(PICTURES, file))
            print(f"removed pictures/{file} (no example makes it)")
    return 1 if failed else 0


def check(mj, counted=None):
    """Every example runs, its picture is byte for byte the one in docs/language/pictures, and its run does what
    its expect comments say. `counted` (a dict), if given, gets the number of claims checked per example."""
    errors = []
    wanted = set()
    scratch = tempfile.mkdtemp(prefix="mj-docs-")
    try:
        for name, path, settings in examples():
            picture = picture_name(name, settings)
            wanted.add(picture)
            if settings.get("resources") is True and not os.path.isdir(RESOURCES):
                errors.append(f"{name}: it needs the corpus's resources, {RESOURCES} (MJ_CORPUS)")
                continue
            state = os.path.join(scratch, name + ".state")
            code, error = run(mj, path, settings, scratch, state)
            problems, n = claims(name, path, settings, code, error, state)
            errors += problems
            if counted is not None:
                counted[name] = n
            if code != 0 or "nopicture" in settings:
                if code != 0 and not settings["expect"]:
                    errors.append(f"{name}: mj failed: {error}")
                continue
            fresh = os.path.join(scratch, picture)
            kept = os.path.join(PICTURES, picture)
            if not os.path.exists(kept):
                errors.append(f"{name}: pictures/{picture} is missing (run bash scripts/docs.sh)")
            elif open(fresh, "rb").read() != open(kept, "rb").read():
                errors.append(f"{name}: pictures/{picture} is stale (run bash scripts/docs.sh)")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for file in sorted(os.listdir(PICTURES)):
        if file not in wanted:
            errors.append(f"pictures/{file}: no example makes it")
    return errors


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("write", "check"):
        raise SystemExit("usage: docs.py write|check MJ")
    if sys.argv[1] == "write":
        sys.exit(write(sys.argv[2]))
    problems = check(sys.argv[2])
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)
