#!/usr/bin/env bash
# Files survive faults (needs root to mount small file systems, as CI and the developers' machines have):
# a batch into a 2 MB file system ends with one line per failed run, a count, exit 1 and only complete
# files; a read-only folder is one clear line; mj killed with SIGKILL at random moments in a batch
# leaves only files that decode, and rerunning the batch completes it.
set -euo pipefail
mj=$1 corpus=${MJ_CORPUS:-$2}
work=$(mktemp -d)
mounted=()
cleanup() { for m in "${mounted[@]}"; do umount "$m" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
small_disk() {  # small_disk DIR SIZE [OPTIONS]
  mkdir -p "$1"
  mount -t tmpfs -o "size=$2${3:+,$3}" tmpfs "$1" || { echo "cannot mount a tmpfs (root needed)"; exit 1; }
  mounted+=("$1")
}
# Every picture under its final name is whole: PNG to its IEND, VOX to its last chunk, GIF to its trailer.
check_whole() {
  python3 - "$1" <<'PY'
import os, struct, sys
bad, whole = [], 0
for name in sorted(os.listdir(sys.argv[1])):
    if ".partial-" in name:
        continue
    data = open(os.path.join(sys.argv[1], name), "rb").read()
    if name.endswith(".png"):
        ok = data[:8] == b"\x89PNG\r\n\x1a\n" and data[-12:-4] == b"\x00\x00\x00\x00IEND"
    elif name.endswith(".vox"):
        ok = data[:4] == b"VOX " and len(data) == 20 + struct.unpack("<i", data[16:20])[0]
    elif name.endswith(".gif"):
        ok = data[:6] == b"GIF89a" and data[-1:] == b";"
    else:
        ok = False
    whole += ok
    if not ok:
        bad.append(name)
if bad:
    sys.exit(f"{len(bad)} files are not whole: {bad[:5]}")
print(whole)
PY
}

# 1. A full disk.
small_disk "$work/small" 2m
set +e
"$mj" "$corpus/models.xml" -j 2 -q --out "$work/small/out" 2> "$work/full.err"
code=$?
set -e
[ "$code" -eq 1 ] || { echo "a full disk exited $code"; exit 1; }
grep -q "No space left on device" "$work/full.err" || { echo "no word of the full disk:"; head -3 "$work/full.err"; exit 1; }
summary=$(tail -1 "$work/full.err")
[[ "$summary" =~ ^([0-9]+)\ of\ ([0-9]+)\ runs\ written,\ ([0-9]+)\ failed$ ]] || { echo "last line: $summary"; exit 1; }
written=${BASH_REMATCH[1]} runs=${BASH_REMATCH[2]}
whole=$(check_whole "$work/small/out")
[ "$whole" -eq "$written" ] || { echo "$written runs written but $whole whole files"; exit 1; }
echo "full disk: $summary; $whole whole files, no half-written one"

# 2. A read-only folder.
small_disk "$work/readonly" 1m ro
set +e
line=$("$mj" run "$corpus/models/MazeGrowth.xml" --out "$work/readonly" -q 2>&1)
code=$?
set -e
[ "$code" -eq 1 ] && [ "$(echo "$line" | wc -l)" -eq 1 ] && [[ "$line" == *"Read-only file system"* ]] ||
  { echo "read-only folder: exit $code, '$line'"; exit 1; }
echo "read-only folder: $line"

# 3. kill -9 at random moments, then a whole batch.
out=$work/killed
for k in $(seq 1 20); do
  "$mj" "$corpus/models.xml" -j 2 -q --out "$out" 2>/dev/null &
  pid=$!
  sleep "$(python3 -c "import random; random.seed($k); print(random.uniform(0.05, 2.0))")"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  check_whole "$out" >/dev/null
done
left=$(find "$out" -name '*.partial-*' | wc -l)
"$mj" "$corpus/models.xml" -j 2 -q --out "$out"
whole=$(check_whole "$out")
[ "$whole" -eq "$runs" ] || { echo "after the rerun: $whole whole files of $runs runs"; exit 1; }
[ "$(find "$out" -name '*.partial-*' | wc -l)" -eq 0 ] || { echo "partial files stayed after the rerun"; exit 1; }
echo "killed 20 times: only whole files ($left partial files beside them, removed by the rerun); the rerun wrote all $runs"
