#!/usr/bin/env bash
# Line and branch coverage of src/ with clang's source-based coverage, as two figures:
#   fuzz:  the fuzz targets replaying what the fuzzer kept (build-fuzz/corpus/, from scripts/fuzz.sh) and the seeds;
#   tests: the unit tests and the golden runs (the CTest suite of a coverage build).
# Each prints coverage per folder of src/, per loader file, and the loader lines no input reaches; the reports
# land in build-coverage/FIGURE.md. Usage: scripts/coverage.sh [fuzz] [tests]   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
figures=("$@")
[ ${#figures[@]} -eq 0 ] && figures=(fuzz tests)
out=build-coverage
bash scripts/deps.sh clang

report() {  # report FIGURE PROFILE_DIR BINARY...
  local figure=$1 profiles=$2
  shift 2
  llvm-profdata-14 merge -sparse "$profiles"/*.profraw -o "$out/$figure.profdata"
  /usr/bin/python3 scripts/coverage_report.py "$out/$figure.profdata" "$@" --title "$figure" | tee "$out/$figure.md"
}

fuzz_figure() {
  cmake -S fuzz -B "$out/fuzz" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 -DMJ_FUZZ_COVERAGE=ON >/dev/null
  cmake --build "$out/fuzz" -j2
  local seeds targets=(model rule png vox palette model_list tileset) binaries=()
  seeds=$(mktemp -d)
  bash scripts/fuzz_seeds.sh "$seeds"
  rm -rf "$out/profiles/fuzz" && mkdir -p "$out/profiles/fuzz"
  for t in "${targets[@]}"; do
    mkdir -p "build-fuzz/corpus/$t"
    echo "== fuzz_$t: $(ls "build-fuzz/corpus/$t" | wc -l) kept inputs, $(ls "$seeds/$t" | wc -l) seeds"
    # -runs=0: run every input once and stop; the model target's slowest inputs need minutes uninstrumented
    LLVM_PROFILE_FILE="$out/profiles/fuzz/$t-%p.profraw" MJ_FUZZ_RESOURCES="${MJ_CORPUS:-../shared/corpus}/resources" \
      "$out/fuzz/fuzz_$t" -runs=0 -timeout=600 -rss_limit_mb=4096 "build-fuzz/corpus/$t" "$seeds/$t" 2>&1 |
      grep -E '^#[0-9]+.*INITED|ERROR' || true
    binaries+=("$out/fuzz/fuzz_$t")
  done
  rm -rf "$seeds"
  report fuzz "$out/profiles/fuzz" "${binaries[@]}"
}

tests_figure() {
  cmake -S . -B "$out/tests" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 -DMJ_COVERAGE=ON -DMJ_BUILD_BENCH=OFF >/dev/null
  cmake --build "$out/tests" -j2
  rm -rf "$out/profiles/tests" && mkdir -p "$out/profiles/tests"
  LLVM_PROFILE_FILE="$PWD/$out/profiles/tests/%p-%m.profraw" \
    ctest --test-dir "$out/tests" -j2 --output-on-failure -E '^(example_consumer|clang_format|layering)$' | tail -n 3
  report tests "$out/profiles/tests" "$out/tests/mj" "$out/tests/tests/mj_tests" "$out/tests/tests/mj_conformance"
}

for f in "${figures[@]}"; do "${f}_figure"; done
