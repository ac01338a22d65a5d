"""The gallery's worlds (docs/gallery.md's last section): every world of models/worlds/worlds.xml drawn by `mj world` at
its region (docs/gallery/worlds/NAME.png), with its model, seed, chunk and region. scripts/gallery.py writes and
checks them with the models' entries."""
import os
import subprocess
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, "models", "worlds", "worlds.xml")
FOLDER = os.path.join(ROOT, "docs", "gallery", "worlds")
WORLD_PAGE = "../build-web/site/world.html"


def worlds():
    return [dict(w.attrib) for w in ET.parse(LIST).getroot().iter("world")]


def command(mj, w, corpus, out):
    """The `mj world` line that draws world `w` into `out`."""
    line = [mj, "world", os.path.join(ROOT, "models", w["model"] + ".xml"), "--seed", w["seed"], "--chunk", w["chunk"]]
    if w.get("resources") == "corpus":
        line += ["--resources", os.path.join(corpus, "resources")]
    return line + ["--region", *w["region"].split(), "--pixelsize", w.get("pixelsize", "1"), "--out", out, "-q"]


def draw(mj, w, corpus, out):
    """Draws world `w` into `out`; returns an error message, or "" when drawn."""
    result = subprocess.run(command(mj, w, corpus, out), capture_output=True, text=True)
    return "" if result.returncode == 0 else (result.stderr.strip() or f"exit {result.returncode}")


def thumbnail(w):
    return os.path.join(FOLDER, w["name"] + ".png")


def row(w):
    x0, y0, x1, y1 = (int(v) for v in w["region"].split())
    link = "—"
    if w.get("resources") != "corpus":  # the page lists mj's own models, by name
        place = f"x={(x0 + x1) / 2:g}&y={(y0 + y1) / 2:g}&zoom=2"
        link = f"[open]({WORLD_PAGE}?model={w['model']}&seed={w['seed']}&chunk={w['chunk']}&{place})"
    return (
        f"| <img src=\"gallery/worlds/{w['name']}.png\" width=\"128\" alt=\"{w['name']}\"> | **{w['name']}** "
        f"| `{w['model']}` | {w['seed']} | {w['chunk']} | {x0} {y0} to {x1} {y1} | {link} |"
    )


def section(found):
    lines = [
        "## Worlds (models/worlds/worlds.xml)",
        "",
        "Endless worlds of mj's models ([worlds.md](worlds.md)): each thumbnail is the region listed, drawn by",
        "`mj world` with the world's seed and chunk. **Open** shows the world in the playground's world page, at",
        "the region's middle.",
        "",
        "| Picture | Name | Model | Seed | Chunk | Region | Open |",
        "|---|---|---|---|---|---|---|",
    ]
    return lines + [row(w) for w in found] + [""]


def problems(text):
    """A world without its row or thumbnail, a thumbnail of no world."""
    found = worlds()
    errors = [f"world {w['name']}: no row in docs/gallery.md" for w in found if row(w) not in text]
    errors += [
        f"world {w['name']}: no thumbnail docs/gallery/worlds/{w['name']}.png"
        for w in found
        if not os.path.isfile(thumbnail(w))
    ]
    names = {w["name"] + ".png" for w in found}
    for f in sorted(os.listdir(FOLDER)) if os.path.isdir(FOLDER) else []:
        if f not in names:
            errors.append(f"docs/gallery/worlds/{f} belongs to no world: bash scripts/gallery.sh removes it")
    return errors
