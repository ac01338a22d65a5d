#!/usr/bin/env bash
# mj explore's speed, before and after, in one run on one machine: states a second for dimers
# (<one values="BR" in="BB" out="RR"/>) on 6x3 and 6x4, grids a second for --all-grids on 5x4 and 6x4
# (one thread, then every core), whole-process figures: elapsed, CPU (user) seconds, peak memory.
#   bench/explore_bench.sh AFTER_MJ [BEFORE_MJ]   (BEFORE_MJ: a build of an earlier commit; its 6x4 all-grids
#   run is skipped: at 34,000 grids a second it takes minutes)
set -euo pipefail
after=$1
before=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '<one values="BR" in="BB" out="RR"/>' > "$work/D.xml"

# One line: label, elapsed s, user s, peak MB, then the count a second per elapsed and per CPU second.
measure() {
  local label=$1 count=$2
  shift 2
  /usr/bin/time -f "%e %U %M" -o "$work/time" "$@" > /dev/null
  read -r elapsed user kb < "$work/time"
  awk -v l="$label" -v e="$elapsed" -v u="$user" -v k="$kb" -v n="$count" 'BEGIN {
    printf "%-34s %8.2f s %8.2f s CPU %7.0f MB %14.0f /s %14.0f /CPU s\n", l, e, u, k / 1024, n / e, n / (u > 0 ? u : 0.01) }'
}

run() {
  local name=$1 mj=$2 skip_large=$3
  measure "$name explore 6x3 (17,234 states)" 17234 "$mj" explore "$work/D.xml" --length 6 --width 3
  measure "$name explore 6x4 (609,545 states)" 609545 "$mj" explore "$work/D.xml" --length 6 --width 4
  measure "$name all-grids 5x4 (2^20 grids)" 1048576 "$mj" explore "$work/D.xml" --all-grids --length 5 --width 4 \
    --max-states 100000000
  if [[ $skip_large == no ]]; then
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
