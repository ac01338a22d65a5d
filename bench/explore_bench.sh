#!/usr/bin/env bash
# mj explore's speed, before and after, in one run on one machine: states a second for dimers
# (<one values="BR" in="BB" out="RR"/>) on 6x3 and 6x4, grids a second for --all-grids on 5x4 and 6x4
# (one thread, then every core), --garden-of-eden on 64x64 grids (`one` by the reverse algorithm, `prl` by
# constraint search), whole-process figures: elapsed, CPU (user) seconds, peak memory.
#   bench/explore_bench.sh AFTER_MJ [BEFORE_MJ]   (BEFORE_MJ: a build of an earlier commit; its 6x4 all-grids
#   and prl runs are skipped: an earlier build may take minutes, or refuse them)
set -euo pipefail
after=$1
before=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '<one values="BR" in="BB" out="RR"/>' > "$work/D.xml"
echo '<prl values="BR" in="BB" out="RR"/>' > "$work/P.xml"
# 64x64 grids as mj run --state writes them: a checkerboard (a Garden of Eden of both), all R (not of prl).
awk -v name=D 'BEGIN { print name " 64 64 1 0 0"; print "BR"
  for (y = 0; y < 64; y++) { row = ""; for (x = 0; x < 64; x++) row = row ((x + y) % 2 ? "R" : "B"); print row } }' \
  > "$work/board.txt"
awk 'BEGIN { print "P 64 64 1 0 0"; print "BR"; for (y = 0; y < 64; y++) { row = ""
  for (x = 0; x < 64; x++) row = row "R"; print row } }' > "$work/red.txt"

# One line: label, elapsed s, user s, peak MB, then (a count above 1) the count a second per elapsed and
# per CPU second, and the peak memory per state or grid counted (the process's own few MB included).
measure() {
  local label=$1 count=$2
  shift 2
  /usr/bin/time -f "%e %U %M" -o "$work/time" "$@" > /dev/null
  read -r elapsed user kb < "$work/time"
  awk -v l="$label" -v e="$elapsed" -v u="$user" -v k="$kb" -v n="$count" 'BEGIN {
    printf "%-42s %8.2f s %8.2f s CPU %7.0f MB", l, e, u, k / 1024
    if (n > 1) printf " %14.0f /s %14.0f /CPU s %6.1f B each", n / (e > 0 ? e : 0.01), n / (u > 0 ? u : 0.01), k * 1024 / n
    printf "\n" }'
}

run() {
  local name=$1 mj=$2 skip_large=$3
  measure "$name explore 6x3 (17,234 states)" 17234 "$mj" explore "$work/D.xml" --length 6 --width 3
  measure "$name explore 6x4 (609,545 states)" 609545 "$mj" explore "$work/D.xml" --length 6 --width 4
  measure "$name all-grids 5x4 (2^20 grids)" 1048576 "$mj" explore "$work/D.xml" --all-grids --length 5 --width 4 \
    --max-states 100000000
  measure "$name garden-of-eden one 64x64 board" 1 "$mj" explore "$work/D.xml" --garden-of-eden "$work/board.txt"
  if [[ $skip_large == no ]]; then
    measure "$name garden-of-eden prl 64x64 all R" 1 "$mj" explore "$work/P.xml" --garden-of-eden "$work/red.txt"
    measure "$name all-grids 5x4, 1 thread" 1048576 "$mj" explore "$work/D.xml" --all-grids --length 5 --width 4 \
      --max-states 100000000 --threads 1
    measure "$name all-grids 6x4 (2^24 grids)" 16777216 "$mj" explore "$work/D.xml" --all-grids --length 6 \
      --width 4 --max-states 100000000
    measure "$name all-grids 6x4, 1 thread" 16777216 "$mj" explore "$work/D.xml" --all-grids --length 6 --width 4 \
      --max-states 100000000 --threads 1
  fi
}

echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
[[ -n $before ]] && run before "$before" yes
run after "$after" no
