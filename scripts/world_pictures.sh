#!/usr/bin/env bash
# Draws docs/worlds/'s pictures with `mj world` (MJ=path/to/mj, default build/mj; MJ_CORPUS: the corpus folder):
# every world of models/worlds/worlds.xml at its region (docs/worlds/NAME.png), the README's maze region
# (docs/worlds/maze-world.png), and corpus models as worlds at chunk 32, 256 x 256 cells each, in one sheet
# (docs/worlds/corpus.png, by scripts/world_figures.py). A minute or so.
set -euo pipefail
cd "$(dirname "$0")/.."
mj=${MJ:-build/mj}
corpus=${MJ_CORPUS:-../shared/corpus}
out=docs/worlds
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
/usr/bin/python3 scripts/world_figures.py "$out/phases.png"
# The worlds of models/worlds/worlds.xml, each at its own region, drawn as the gallery draws them.
/usr/bin/python3 - "$mj" "$corpus" "$out" <<'PY'
import sys
sys.path.insert(0, "scripts")
import gallery_worlds
mj, corpus, out = sys.argv[1:]
for w in gallery_worlds.worlds():
    message = gallery_worlds.draw(mj, w, corpus, f"{out}/{w['name']}.png")
    if message:
        raise SystemExit(f"{w['name']}: {message}")
PY
"$mj" world models/BacktrackerMaze.xml --chunk 32 --seed 11 --region 0 0 512 512 --pixelsize 1 --out "$out/maze-world.png"
models=(MazeGrowth MazeBacktracker Cave River DungeonGrowth Trail)
for m in "${models[@]}"; do
  "$mj" world "$corpus/models/$m.xml" --resources "$corpus/resources" --chunk 32 --seed 1 --region 0 0 256 256 \
    --pixelsize 2 --out "$scratch/$m.png"
done
pictures=()
for m in "${models[@]}"; do pictures+=("$scratch/$m.png"); done
/usr/bin/python3 scripts/world_figures.py --sheet "$out/corpus.png" "${pictures[@]}"
