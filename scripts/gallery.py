#!/usr/bin/env python3
"""The gallery (docs/gallery.md, docs/gallery/*.png): a thumbnail of every model entry.

Every entry of mj's own models/demo.xml and of the corpus's models.xml (every variant: MazeGrowth 359 and
MazeGrowth 27 d=3 are two rows) runs once through `mj run` with the entry's size and step limit, the first of
its `seeds` (else seed 1), and a pixel size of 1..4 chosen from the size so thumbnails stay small; 3D entries
are drawn as isometric PNGs (--iso). docs/gallery.md lists them: thumbnail, name, size, 2D/3D, the node kinds
the model's program uses, and a link that opens it in the playground.

    python3 scripts/gallery.py write [MJ]    # run every entry, write docs/gallery/ and docs/gallery.md
    python3 scripts/gallery.py check [MJ]    # docs/gallery.md and every thumbnail exist; a few cheap entries
                                             # re-run into a scratch folder match their thumbnails byte for byte

MJ (argument or environment variable) is the mj binary (default: build/mj); MJ_CORPUS is the corpus folder
(models.xml, models/, resources/; default: ../shared/corpus from the repository).
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

import gallery_worlds  # this folder, as the script and its test run it

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GALLERY = os.path.join(ROOT, "docs", "gallery")
PAGE = os.path.join(ROOT, "docs", "gallery.md")
OWN = os.path.join(ROOT, "models")
PLAYGROUND = "../build-web/site/index.html"
THUMBNAIL = 192  # the thumbnail side a 2D entry's first pixel size aims for
THUMBNAIL_MAX = 256  # a larger picture is drawn again with a smaller pixel size, down to 1 (2D) or 2 (3D)
# How the thumbnails' pixel sizes are chosen (pixel_sizes, run): the page says it in these lines, which check() finds.
SIZES_TEXT = [
    f"2D entries are drawn with a pixel size of {THUMBNAIL} px over the grid's longer side, rounded down (4 at most,",
    f"1 at least), made smaller while the picture passes {THUMBNAIL_MAX} px (a grid that `map` or `wfc` enlarge), "
    "down to 1",
    "pixel a cell; 3D entries as isometric pictures (`--iso`) with a pixel size of 4 or 2. The page shows them 128 px",
    "wide: open one for its full size.",
]
KINDS = ["one", "all", "prl", "markov", "sequence", "path", "map", "convolution", "convchain", "wfc", "event"]
# Entries the check re-runs (cheap ones, one per group and a 3D one): (group, thumbnail file name).
CHECKED = [("own", "GrowthMaze.png"), ("corpus", "BasicBrickWall.png"), ("corpus", "MazeGrowth-2.png")]


def corpus_folder():
    return os.environ.get("MJ_CORPUS") or os.path.join(os.path.dirname(ROOT), "shared", "corpus")


def find_mj(argument=None):
    for candidate in (argument, os.environ.get("MJ"), os.path.join(ROOT, "build", "mj"), shutil.which("mj")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    raise SystemExit("no mj found: build it (cmake --build build --target mj_cli) or set MJ=")


def node_kinds(path):
    """The node kinds a model's program uses, plus field, observe and search="True"."""
    used = set()
    for element in ET.parse(path).getroot().iter():
        if element.tag in KINDS:
            used.add(element.tag)
        if element.tag in ("field", "observe"):
            used.add(element.tag)
        if element.get("search", "").lower() == "true":
            used.add("search")
    order = KINDS + ["field", "observe", "search"]
    return [k for k in order if k in used]


def entries(group, models_xml, folder):
    """Every <model> entry of a models.xml: dicts with the run's settings and the thumbnail's file name."""
    found = []
    seen = {}
    for e in ET.parse(models_xml).getroot().findall("model"):
        name = e.get("name")
        seen[name] = seen.get(name, 0) + 1
        d = int(e.get("d", "2"))
        size = int(e.get("size", "-1"))
        length = int(e.get("length", size))
        width = int(e.get("width", size))
        height = int(e.get("height", size if d == 3 else 1))
        if e.get("height") is not None and height > 1:
            d = 3
        gif = e.get("gif", "").lower() == "true"
        steps = int(e.get("steps", 1000 if gif else 50000))
        seeds = e.get("seeds", "").split()
        seed = int(seeds[0]) if seeds else 1
        model = (
            os.path.join(folder, "models", f"{name}.xml") if group == "corpus" else os.path.join(folder, f"{name}.xml")
        )
        file = f"{name}.png" if seen[name] == 1 else f"{name}-{seen[name]}.png"
        found.append(
            dict(
                group=group,
                name=name,
                model=model,
                d=d,
                length=length,
                width=width,
                height=height,
                steps=steps,
                seed=seed,
                file=file,
                amount=e.get("amount"),
                entry=" ".join(f'{k}="{v}"' for k, v in e.attrib.items() if k != "name"),
            )
        )
    return found


def all_entries():
    found = entries("own", os.path.join(OWN, "demo.xml"), OWN)
    corpus = corpus_folder()
    if os.path.isfile(os.path.join(corpus, "models.xml")):
        found += entries("corpus", os.path.join(corpus, "models.xml"), corpus)
    return found


def size_text(e):
    return f"{e['length']}x{e['width']}" + (f"x{e['height']}" if e["d"] == 3 else "")


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    return struct.unpack(">II", header[16:24])


def pixel_sizes(e):
    """The pixel sizes to try, largest first: 1..4 for 2D; 4 or 2 for 3D (isometric sprites of 1 or 3 pixels
    draw their edges over their faces)."""
    if e["d"] == 3:
        return [4, 2] if e["length"] + e["width"] <= 48 else [2]
    first = max(1, min(4, THUMBNAIL // max(e["length"], e["width"])))
    return list(range(first, 0, -1))


def run_once(mj, e, pixelsize, out):
    resources = os.path.join(corpus_folder(), "resources")
    command = [
        mj,
        "run",
        e["model"],
        "--d",
        str(e["d"]),
        "--length",
        str(e["length"]),
        "--width",
        str(e["width"]),
        "--steps",
        str(max(0, e["steps"])),  # a models.xml limit of 0 or less is none, which mj run writes 0
        "--seed",
        str(e["seed"]),
        "--pixelsize",
        str(pixelsize),
        "--out",
        out,
        "-q",
        "--resources",
        resources,
    ]
    if e["d"] == 3:
        command += ["--height", str(e["height"]), "--iso"]
    result = subprocess.run(command, capture_output=True, text=True)
    pictures = [f for f in os.listdir(out) if f.endswith(".png")]
    if result.returncode != 0 or len(pictures) != 1:
        return None, (result.stderr.strip() or f"exit {result.returncode}, pictures {pictures}")
    return os.path.join(out, pictures[0]), ""


def run(mj, e, out):
    """Runs one entry, its picture written to out/GROUP-FILE; returns (ok, message). The largest pixel size
    whose picture fits in THUMBNAIL_MAX pixels wins (map and wfc make grids larger than the entry's size), else
    the smallest; the run is deterministic, so a check that re-runs an entry makes the same choice."""
    sizes = pixel_sizes(e)
    for i, pixelsize in enumerate(sizes):
        scratch = tempfile.mkdtemp(dir=out)
        try:
            picture, message = run_once(mj, e, pixelsize, scratch)
            if picture is None:
                return False, message
            if max(png_size(picture)) <= THUMBNAIL_MAX or i == len(sizes) - 1:
                os.replace(picture, os.path.join(out, e["group"] + "-" + e["file"]))
                e["pixelsize"] = pixelsize
                return True, ""
        finally:
            shutil.rmtree(scratch)
    return False, "no pixel size"


def thumbnail_path(e, folder=GALLERY):
    return os.path.join(folder, e["group"], e["file"])


def link(e):
    query = f"model={e['file'][:-4]}"  # the entry's id: NAME, or NAME-2... for a name's later entries
    if e["d"] == 2 and e["length"] == e["width"]:
        query += f"&size={e['length']}"
    else:
        query += f"&length={e['length']}&width={e['width']}"
        if e["d"] == 3:
            query += f"&height={e['height']}"
    query += f"&seed={e['seed']}&steps={e['steps']}"
    return f"{PLAYGROUND}?{query}"


def page(found):
    lines = [
        "# Gallery",
        "",
        "Every model entry mj knows: first mj's own models (`models/demo.xml`), then every entry of the corpus's",
        "`models.xml` (every variant of a name: a 2D and a 3D entry of one model are two rows, each with its",
        "entry's attributes under its name). Each thumbnail is one run of `mj run` with the entry's size and step",
        "limit and the first of its `seeds` (else seed 1).",
        *SIZES_TEXT,
        "",
        "**Nodes** lists the node kinds the model's program uses (`one`, `all`, `prl`, `markov`, `sequence`,",
        "`path`, `map`, `convolution`, `convchain`, `wfc`), and `field`, `observe` and `search` (an inference node",
        '`search="True"`) when it uses them.',
        "",
        f"**Open** links to the playground built by `bash scripts/web.sh` (`{PLAYGROUND}`, relative to this",
        "page) with the entry in its query: `?model=NAME` (`NAME-2`, `NAME-3`... for a name's later entries, as the",
        "playground's model list names them), then `&size=N` for a square 2D grid, otherwise",
        "`&length=X&width=Y` (and `&height=Z` for 3D), then `&seed=S&steps=N` (the entry's step limit; 0 or less",
        "for none).",
        "",
        f"{len(found)} entries. Generated by `bash scripts/gallery.sh` (`scripts/gallery.py`; MJ=path/to/mj and",
        "MJ_CORPUS=corpus folder to choose; a few seconds for every entry): do not edit by hand. The `gallery` test",
        "(`tests/gallery_test.py`) checks that every entry has a row and a thumbnail and that no thumbnail is left",
        "over, and re-runs a few cheap entries to check their thumbnails are current.",
        "",
    ]
    titles = {"own": "mj's own models (models/demo.xml)", "corpus": "The corpus (models.xml)"}
    for group in ("own", "corpus"):
        rows = [e for e in found if e["group"] == group]
        if not rows:
            continue
        lines += [f"## {titles[group]}", "", "| Picture | Name | Size | Nodes | Open |", "|---|---|---|---|---|"]
        for e in rows:
            picture = f"gallery/{group}/{e['file']}"
            note = " (amount=0: listed for its settings)" if e.get("amount") == "0" else ""
            if sum(1 for r in rows if r["name"] == e["name"]) > 1:
                note += f"<br><sub>`{e['entry']}`</sub>"  # which of the name's entries
            kinds = " ".join(f"`{k}`" for k in e["kinds"])
            lines.append(
                f"| <img src=\"{picture}\" width=\"128\" alt=\"{e['name']}\"> | **{e['name']}**{note} "
                f"| {size_text(e)} ({e['d']}D) | {kinds} | [open]({link(e)}) |"
            )
        lines.append("")
    return "\n".join(lines + gallery_worlds.section(gallery_worlds.worlds()))


def write(mj):
    found = all_entries()
    start = time.time()
    scratch = tempfile.mkdtemp()
    failures = []
    if not any(e["group"] == "corpus" for e in found):
        raise SystemExit(f"no corpus at {corpus_folder()}: set MJ_CORPUS= to the folder of its models.xml")
    for group in ("own", "corpus"):
        shutil.rmtree(os.path.join(GALLERY, group), ignore_errors=True)
        os.makedirs(os.path.join(GALLERY, group))
    for e in found:
        e["kinds"] = node_kinds(e["model"])
        t = time.time()
        ok, message = run(mj, e, scratch)
        if not ok:
            failures.append(f"{e['group']} {e['name']} {size_text(e)}: {message}")
            continue
        os.replace(os.path.join(scratch, e["group"] + "-" + e["file"]), thumbnail_path(e))
        print(f"{time.time() - t:7.2f} s  {e['group']}/{e['file']}  {size_text(e)}", flush=True)
    shutil.rmtree(scratch)
    shutil.rmtree(gallery_worlds.FOLDER, ignore_errors=True)
    os.makedirs(gallery_worlds.FOLDER)
    for w in gallery_worlds.worlds():
        message = gallery_worlds.draw(mj, w, corpus_folder(), gallery_worlds.thumbnail(w))
        if message:
            failures.append(f"world {w['name']}: {message}")
    seconds = time.time() - start
    with open(PAGE, "w", encoding="utf-8") as f:
        f.write(page(found))
    total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(GALLERY) for f in fs)
    print(f"{len(found)} entries in {seconds:.1f} s, docs/gallery/ {total / 1e6:.2f} MB")
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


def check(mj=None):
    """Problems (a list of messages): a missing row or thumbnail, or a stale re-run entry."""
    errors = []
    found = all_entries()
    if not os.path.isfile(os.path.join(corpus_folder(), "models.xml")):
        print(f"gallery: no corpus at {corpus_folder()} (MJ_CORPUS=): checking mj's own entries only")
    if not os.path.isfile(PAGE):
        return ["docs/gallery.md is missing: bash scripts/gallery.sh writes it"]
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    if "\n".join(SIZES_TEXT) not in text:
        errors.append("docs/gallery.md does not say how thumbnails are sized as scripts/gallery.py sizes them")
    for e in found:
        picture = f"gallery/{e['group']}/{e['file']}"
        if not os.path.isfile(thumbnail_path(e)):
            errors.append(f"{e['group']} entry {e['name']} {size_text(e)}: no thumbnail docs/{picture}")
        row = f"<img src=\"{picture}\" width=\"128\" alt=\"{e['name']}\"> | **{e['name']}**"
        if row not in text or f"| {size_text(e)} ({e['d']}D) |" not in text.split(row, 1)[-1].split("\n", 1)[0]:
            errors.append(f"{e['group']} entry {e['name']} {size_text(e)}: no row in docs/gallery.md")
    expected = {os.path.join(e["group"], e["file"]) for e in found}
    for group in sorted({e["group"] for e in found}):
        folder = os.path.join(GALLERY, group)
        for f in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if os.path.join(group, f) not in expected:
                errors.append(f"docs/gallery/{group}/{f} belongs to no entry: bash scripts/gallery.sh removes it")
    errors += gallery_worlds.problems(text)
    rerun = 0
    if mj:
        scratch = tempfile.mkdtemp()
        try:
            for group, file in CHECKED:
                chosen = [e for e in found if e["group"] == group and e["file"] == file]
                if not chosen:
                    continue
                e = chosen[0]
                rerun += 1
                ok, message = run(mj, e, scratch)
                if not ok:
                    errors.append(f"{group}/{file}: mj failed: {message}")
                    continue
                with open(os.path.join(scratch, group + "-" + file), "rb") as a, open(thumbnail_path(e), "rb") as b:
                    if a.read() != b.read():
                        errors.append(f"docs/gallery/{group}/{file} is stale: bash scripts/gallery.sh remakes it")
            w = gallery_worlds.worlds()[0]  # the first world, re-drawn
            rerun += 1
            drawn = os.path.join(scratch, "world.png")
            message = gallery_worlds.draw(mj, w, corpus_folder(), drawn)
            if message:
                errors.append(f"world {w['name']}: mj world failed: {message}")
            else:
                with open(drawn, "rb") as a, open(gallery_worlds.thumbnail(w), "rb") as b:
                    if a.read() != b.read():
                        errors.append(
                            f"docs/gallery/worlds/{w['name']}.png is stale: bash scripts/gallery.sh remakes it"
                        )
        finally:
            shutil.rmtree(scratch)
    print(f"gallery: {len(found)} entries checked, {rerun} re-run")
    return errors


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "write"
    if command not in ("write", "check"):
        raise SystemExit(__doc__)
    mj = find_mj(sys.argv[2] if len(sys.argv) > 2 else None)
    if command == "write":
        sys.exit(write(mj))
    problems = check(mj)
    for p in problems:
        print("FAIL", p)
    sys.exit(1 if problems else 0)
