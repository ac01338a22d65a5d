#!/usr/bin/env python3
"""How many times fewer triangles mj's glTF export (`mj run --gltf`, greedy-meshed) takes than one cube per voxel,
over every 3D entry of the corpus's models.xml: the README's "N times fewer triangles".

Each 3D entry runs as the gallery runs it (its size and step limit, the first of its `seeds`, else seed 1) with
`--gltf` and `--state`; its triangles are the glTF file's (every mesh primitive's index count / 3), its voxels the
cells of the state text whose value is not 0 (the empty value, which the export leaves out), a cube 12 triangles.
The figure is the sum of 12 x voxels over the sum of triangles, all entries together.

    python3 scripts/triangle_count.py [MJ]             # prints the entries, the totals and the figure
    python3 scripts/triangle_count.py MJ --check       # and fails unless the README says this figure (a CTest)
"""
import json
import re
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gallery  # noqa: E402

TRIANGLES = 4  # a primitive's mode when it draws triangles (glTF's default)


def glb_triangles(path):
    """The triangles of a binary glTF: each triangle primitive's index (else vertex) count / 3."""
    with open(path, "rb") as f:
        data = f.read()
    magic, _, _ = struct.unpack_from("<4sII", data, 0)
    length, kind = struct.unpack_from("<I4s", data, 12)
    if magic != b"glTF" or kind != b"JSON":
        raise SystemExit(f"{path}: not a binary glTF")
    document = json.loads(data[20 : 20 + length])
    accessors = document.get("accessors", [])
    triangles = 0
    for mesh in document.get("meshes", []):
        for primitive in mesh["primitives"]:
            if primitive.get("mode", TRIANGLES) != TRIANGLES:
                raise SystemExit(f"{path}: a primitive that draws no triangles")
            counted = primitive.get("indices", primitive["attributes"]["POSITION"])
            triangles += accessors[counted]["count"] // 3
    return triangles


def state_voxels(path):
    """The cells of a state text (mj run --state) whose value is not 0."""
    with open(path, encoding="utf-8") as f:
        _, legend, *rows = f.read().split("\n")
    return sum(1 for row in rows for symbol in row if symbol != legend[0])


def count(mj, e, folder):
    """(voxels, triangles) of one entry's run."""
    stem = os.path.join(folder, e["file"])
    command = [mj, "run", e["model"], "--d", "3", "--length", str(e["length"]), "--width", str(e["width"])]
    command += ["--height", str(e["height"]), "--steps", str(max(0, e["steps"])), "--seed", str(e["seed"])]
    command += ["--resources", os.path.join(gallery.corpus_folder(), "resources"), "--no-picture", "-q"]
    command += ["--gltf", stem + ".glb", "--state", stem + ".txt"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{e['name']}: mj failed: {done.stderr.strip()}")
    return state_voxels(stem + ".txt"), glb_triangles(stem + ".glb")


def fewer(mj):
    """(entries, voxels, triangles, the figure) over the corpus's 3D entries."""
    entries = [e for e in gallery.all_entries() if e["group"] == "corpus" and e["d"] == 3]
    if not entries:
        raise SystemExit(f"no 3D corpus entries at {gallery.corpus_folder()} (MJ_CORPUS=)")
    voxels = triangles = 0
    with tempfile.TemporaryDirectory(prefix="mj-triangles-") as folder:
        for e in entries:
            v, t = count(mj, e, folder)
            print(f"{e['name']} {gallery.size_text(e)} seed {e['seed']}: {v} voxels, {t} triangles")
            voxels, triangles = voxels + v, triangles + t
    return len(entries), voxels, triangles, 12 * voxels / max(1, triangles)


README = os.path.join(gallery.ROOT, "README.md")
SAID = r"with ([\d.]+) times fewer triangles than a cube per voxel \(over the corpus's (\d+) 3D entries"


def check(n, figure):
    """Problems: the README's figure and count of entries against this run's."""
    with open(README, encoding="utf-8") as f:
        said = re.search(SAID, " ".join(f.read().split()))
    if not said:
        return [f"README.md: no sentence matches {SAID!r}"]
    if (said.group(1), int(said.group(2))) != (f"{figure:.1f}", n):
        return [f"README.md says {said.group(1)} times over {said.group(2)} entries; counted {figure:.1f} over {n}"]
    return []


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--check"]
    n, voxels, triangles, figure = fewer(gallery.find_mj(arguments[0] if arguments else None))
    print(f"{n} 3D entries: {triangles} triangles where a cube per voxel takes {12 * voxels}: {figure:.1f} times fewer")
    problems = check(n, figure) if "--check" in sys.argv else []
    for p in problems:
        print("FAIL", p)
    sys.exit(1 if problems else 0)
