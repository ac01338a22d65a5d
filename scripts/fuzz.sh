#!/usr/bin/env bash
# Fuzzes every input mj reads with libFuzzer (clang-14, ASan + UBSan), one target after another.
# Usage: scripts/fuzz.sh [RUNS] [TARGET...]   RUNS: executions per target (default 1000000);
# targets: model rule png vox palette model_list tileset expression constraints state_text entry event inputs
# (default: all).
# Seeds come from the corpus (MJ_CORPUS, default ../shared/corpus) and fuzz/seeds/, copied to a temporary
# folder; what the fuzzer learns stays in build-fuzz/corpus/, crashing inputs land in build-fuzz/findings/.
# MJ_FUZZ_SECONDS=S stops each target after S seconds even if RUNS are not reached (the log says how many ran).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(model rule png vox palette model_list tileset expression constraints state_text entry event inputs)
corpus=${MJ_CORPUS:-../shared/corpus}

bash scripts/deps.sh clang
# The library as a unity build in batches of 16 sources (as scripts/sanitize.sh): a few large instrumented objects
# rather than one per source, which a machine shared with other builds makes in minutes (docs/fuzzing.md, stop 30).
launcher=(); command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S fuzz -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
  "${launcher[@]}" >/dev/null
cmake --build build-fuzz -j2 --target $(printf 'fuzz_%s ' "${targets[@]}")

seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
bash scripts/fuzz_seeds.sh "$seeds"

declare -A max_len=([model]=16384 [rule]=512 [png]=65536 [vox]=65536 [palette]=8192 [model_list]=16384 [tileset]=16384
  [expression]=512 [constraints]=65536 [state_text]=4096 [entry]=4096 [event]=4096 [inputs]=4096)
# Some models legitimately take minutes under the sanitizers: wfc overlap models with a large n (7 on the
# Flowers sample: thousands of patterns) retry their collapse up to 1000 times, as the reference does.
declare -A timeout=([model]=600 [tileset]=60)
failed=()
for t in "${targets[@]}"; do
  mkdir -p "build-fuzz/corpus/$t" build-fuzz/findings
  opts=()
  [ -n "${MJ_FUZZ_SECONDS:-}" ] && opts+=(-max_total_time="$MJ_FUZZ_SECONDS")
  case $t in model | rule | palette | model_list | tileset | entry | event | expression) opts+=(-dict=fuzz/mj.dict) ;; esac
  echo "== fuzz_$t: $runs runs"
  start=$SECONDS
  if MJ_FUZZ_RESOURCES="$corpus/resources" "build-fuzz/fuzz_$t" "build-fuzz/corpus/$t" "$seeds/$t" \
      "${opts[@]}" -runs="$runs" -max_len="${max_len[$t]}" -timeout="${timeout[$t]:-20}" -rss_limit_mb=2560 \
      -malloc_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build-fuzz/findings/$t-" \
      >"build-fuzz/$t.log" 2>&1; then
    grep -E '^stat::number_of_executed_units|^Done' "build-fuzz/$t.log" || true
    echo "fuzz_$t: $((SECONDS - start)) s"
  else
    failed+=("$t")
    grep -E 'ERROR|SUMMARY|Test unit written|error' "build-fuzz/$t.log" | head -5 || tail -n 5 "build-fuzz/$t.log"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED in ${failed[*]} (logs in build-fuzz/*.log, inputs in build-fuzz/findings/)"
  exit 1
fi
echo "fuzz: ${#targets[@]} targets, $runs runs each, no crash"
