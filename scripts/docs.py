#!/usr/bin/env python3
"""The language reference's examples (docs/language/examples/*.xml) and their pictures.

Each example starts with a comment that says how to run it:
    <!-- run: size=16 seed=1 pixelsize=8 steps=0 d=3 iso resources -->
size, seed and pixelsize are required; steps (default: mj's, 50000), d (2 or 3), iso (isometric PNG of a 3D grid),
resources (the corpus's resources folder: ../shared/corpus/resources from the repository, for rule files, samples
and tilesets) are optional. The picture is docs/language/pictures/NAME_SEED.png.

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


def examples():
    """(name, path, settings) of every example, in name order."""
    found = []
    for file in sorted(os.listdir(EXAMPLES)):
        if not file.endswith(".xml"):
            continue
        path = os.path.join(EXAMPLES, file)
        with open(path, encoding="utf-8") as f:
            m = HEADER.search(f.read())
        if not m:
            raise SystemExit(f"{path}: no <!-- run: size=N seed=S pixelsize=P --> comment")
        settings = {}
        for word in m.group(1).split():
            key, _, value = word.partition("=")
            settings[key] = value if value else True
        for key in ("size", "seed", "pixelsize"):
            if key not in settings:
                raise SystemExit(f"{path}: the run comment needs {key}=")
        found.append((file[:-4], path, settings))
    return found


def picture_name(name, settings):
    return f"{name}_{settings['seed']}.png"


def run(mj, path, settings, out):
    """Runs one example into folder `out`; returns mj's exit code and its error output."""
    command = [
        mj,
        "run",
        path,
        "--size",
        settings["size"],
        "--seed",
        settings["seed"],
        "--out",
        out,
        "--pixelsize",
        settings["pixelsize"],
        "-q",
    ]
    if "steps" in settings:
        command += ["--steps", settings["steps"]]
    if "d" in settings:
        command += ["--d", settings["d"]]
    if "iso" in settings:
        command += ["--iso"]
    if "resources" in settings:
        command += ["--resources", RESOURCES]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stderr.strip()


def write(mj):
    os.makedirs(PICTURES, exist_ok=True)
    wanted = set()
    failed = 0
    for name, path, settings in examples():
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


def check(mj):
    """Every example runs, and its picture is byte for byte the one in docs/language/pictures."""
    errors = []
    wanted = set()
    scratch = tempfile.mkdtemp(prefix="mj-docs-")
    try:
        for name, path, settings in examples():
            picture = picture_name(name, settings)
            wanted.add(picture)
            if "resources" in settings and not os.path.isdir(RESOURCES):
                errors.append(f"{name}: it needs the corpus's resources, {RESOURCES} (MJ_CORPUS)")
                continue
            code, error = run(mj, path, settings, scratch)
            if code != 0:
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
