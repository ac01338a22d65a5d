#!/usr/bin/env bash
# Every corpus wfc program (a models.xml entry whose model has a <wfc>) at 1x, 2x and 4x its size, seeds 1-3,
# with the reference's retries and with --backtrack: one line per run (finished, user CPU seconds, peak RSS
# in KB), then per size and mode the finished count. A benchmark, not a test: it prints.
# Usage: [MODELS="Escher Knots2D"] [MODES="backtrack"] scripts/wfc_backtrack_bench.sh [MJ] [CORPUS] [TIMEOUT_SECONDS]
set -u
mj=$(realpath "${1:-build/mj}")
corpus=${2:-../shared/corpus}
limit=${3:-60}
cd "$corpus" || exit 1
entries=${MODELS:-$(grep -l "<wfc" models/*.xml | xargs -n1 basename | sed 's/\.xml$//')}
printf "%-20s %5s %4s %9s %8s %6s %9s\n" model scale seed mode finished cpu_s peak_kb
for m in $entries; do
  line=$(grep -m1 "<model name=\"$m\"" models.xml) || continue
  attr() { echo "$line" | grep -o "$1=\"[0-9]*\"" | grep -o "[0-9]*"; }
  size=$(attr size) length=$(attr length) width=$(attr width) height=$(attr height) d=$(attr d)
  for scale in 1 2 4; do
    if [ -n "$size" ]; then
      shape="--size $((size * scale))"
      [ "${d:-2}" = 3 ] && shape="$shape --d 3"
    else
      shape="--length $((length * scale)) --width $((width * scale)) --height $((height * scale))"
    fi
    for seed in 1 2 3; do
      for mode in ${MODES:-retries backtrack}; do
        flag=""
        [ $mode = backtrack ] && flag=--backtrack
        out=$( { /usr/bin/time -f "TIME %U %M %x" timeout "$limit" "$mj" run "models/$m.xml" $shape --seed $seed \
          $flag --no-picture; } 2>&1)
        finished=yes
        echo "$out" | grep -q "warning: wfc\|^mj:" && finished=no
        echo "$out" | grep -q "^TIME .* 124$" && finished=timeout  # timeout's exit status: the run was cut
        read -r cpu kb _ <<<"$(echo "$out" | grep TIME | tail -1 | cut -d' ' -f2-)"
        printf "%-20s %5s %4s %9s %8s %6s %9s\n" "$m" "${scale}x" $seed $mode $finished "${cpu:-?}" "${kb:-?}"
      done
    done
  done
done
