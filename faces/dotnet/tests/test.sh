#!/usr/bin/env bash
# The .NET binding's tests, after scripts/dotnet.sh: its API checks; every golden run through `mj-dotnet golden` in
# one process (all must match); the shared error cases (tests/cli_errors.xml) giving the same line as `mj run`;
# 1,000 runs in one process without memory growth; World.Region giving the cells `mj world` writes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=build-dotnet
mj=${MJ_CLI:-${MJ_BUILD_DIR:-build}/mj}
corpus=${MJ_CORPUS:-../shared/corpus} golden=${MJ_GOLDEN:-../shared/golden}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mono "$out/mj-dotnet-tests.exe" "$PWD"

result=$(mono "$out/mj-dotnet.exe" golden "$corpus" "$golden" || true)
echo "$result"
echo "$result" | tail -1 | grep -q "^dotnet: \([0-9]*\)/\1 matched"

# Each case's exception says what `mj run` prints for it, word for word (the same files, the same arguments); the
# two cases of bad flags (bad_size, negative_size) are refused by the library, worded with mj run's flags.
same=0 total=0
while IFS=$'\t' read -r name args said _; do
  mine=$("$mj" run "$work/$name/models/M.xml" --out "$work/$name/out" $args 2>&1 >/dev/null || true)
  mine=${mine% (see mj --help)}
  total=$((total + 1))
  if [ "$mine" = "$said" ]; then same=$((same + 1)); else echo "differs: $name"; echo "  mj:     $mine"; echo "  dotnet: $said"; fi
done < <(mono "$out/mj-dotnet.exe" errors tests/cli_errors.xml "$work")
echo "error cases: $same/$total as mj run words them"
[ "$total" -ge 15 ] && [ "$same" -eq "$total" ]

# `face MODEL SEED OUT` prints what `mj run` prints and writes the same files, for a listed model and a model alone.
mkdir -p "$work/Alone/models"
echo '<one values="BW" in="B" out="W"/>' > "$work/Alone/models/M.xml"
for model in models/GrowthMaze.xml "$work/Alone/models/M.xml"; do
  # mj run's line also says its time, which the faces' lines leave out (they are compared)
  theirs=$("$mj" run "$model" --seed 3 --out "$work/mj" --state "$work/mj.txt" | sed -E 's/ steps, [0-9]+ ms/ steps/')
  ours=$(mono "$out/mj-dotnet.exe" face "$model" 3 "$work/dn")
  [ "${theirs//$work\/mj/OUT}" = "${ours//$work\/dn/OUT}" ] || { echo "mj run: $theirs"; echo "dotnet: $ours"; exit 1; }
  cmp "$work/mj.txt" "$work/dn/state.txt"
  picture=$(basename "${ours##* -> }")
  cmp "$work/mj/$picture" "$work/dn/$picture"
  echo "face: $ours"
done

# After 200 runs to warm up, 1,000 more grow the resident memory by less than 3 MiB (one grid and picture
# kept per run would be 66 MB).
line=$(mono "$out/mj-dotnet.exe" memory 1000)
echo "$line"
growth=$(echo "$line" | sed -n 's/.*(\([-+][0-9]*\) KiB)$/\1/p')
[ -n "$growth" ] && [ "$growth" -lt 3072 ]

# World.Region gives the cells `mj world` writes: a 6 x 6 chunk region of MazeGrowth's world, as state text.
model=$corpus/models/MazeGrowth.xml
"$mj" world "$model" --resources "$corpus/resources" --seed 7 --chunk 16 --region -40 -24 56 72 -q --out "$work/world.txt"
mono "$out/mj-dotnet.exe" world "$model" "$corpus/resources" 7 16 -40 -24 56 72 "$work/world_dotnet.txt"
cmp "$work/world.txt" "$work/world_dotnet.txt"
echo "world: World.Region gives mj world's cells ($(sed -n 1p "$work/world.txt"))"
