#!/usr/bin/env bash
# Writes the fuzz targets' seed inputs into DIR/TARGET/: the corpus' models, pictures, palette, model lists and
# tilesets, and fuzz/seeds/. Shared by scripts/fuzz.sh (seeds to start from) and scripts/coverage.sh (replayed).
# Usage: scripts/fuzz_seeds.sh DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
corpus=${MJ_CORPUS:-../shared/corpus}
golden=${MJ_GOLDEN:-../shared/golden}

copy_seeds() {  # copy_seeds TARGET FILE...: numbered copies, so that equal names cannot collide
  mkdir -p "$out/$1"
  local target=$1 n=0
  shift
  for f in "$@"; do [ -f "$f" ] && cp "$f" "$out/$target/$((n++))-$(basename "$f")"; done
  return 0
}
shopt -s nullglob globstar
copy_seeds model "$corpus"/models/*.xml fuzz/seeds/model/*
copy_seeds rule fuzz/seeds/rule/*
copy_seeds png "$corpus"/resources/**/*.png fuzz/seeds/png/*
copy_seeds vox "$corpus"/resources/**/*.vox fuzz/seeds/vox/*
copy_seeds palette "$corpus"/resources/palette.xml fuzz/seeds/palette/*
copy_seeds model_list "$corpus"/models.xml "$golden"/models-extra.xml fuzz/seeds/model_list/*
copy_seeds tileset fuzz/seeds/tileset/*
copy_seeds expression fuzz/seeds/expression/*
copy_seeds constraints fuzz/seeds/constraints/*
copy_seeds state_text fuzz/seeds/state_text/* $(ls -S "$golden"/*.txt 2>/dev/null | tail -n 20)  # the smallest golden grids
copy_seeds entry "$corpus"/models.xml fuzz/seeds/entry/*
copy_seeds event fuzz/seeds/event/*
copy_seeds inputs fuzz/seeds/inputs/*
for f in "$corpus"/resources/tilesets/*.xml; do  # the tiles folder's name, then the tileset file
  { basename "$f" .xml; cat "$f"; } >"$out/tileset/$(basename "$f")"
done
