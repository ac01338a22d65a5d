#!/usr/bin/env bash
# Builds mj with ThreadSanitizer (build-tsan/) and runs what uses threads: the library's threading tests
# (interpreters in threads, the CLI's -j batches) and a `mj -j 2` batch over the corpus's models.xml (every
# entry, MJ_TSAN_STEPS steps at most, default 2000). Any data race report ends it with a non-zero exit.
# Needs ../shared beside the repo (or MJ_CORPUS). Not part of CI (about 10 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-g1 -DMJ_TSAN=ON -DMJ_BUILD_BENCH=OFF >/dev/null
cmake --build build-tsan -j2 --target mj_tests mj_cli
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
build-tsan/tests/mj_tests --gtest_filter='Api.*:CliBatch*:*Thread*:*Jobs*'
corpus=${MJ_CORPUS:-../shared/corpus}
out=$(mktemp -d)
steps=${MJ_TSAN_STEPS:-2000}
# The corpus's list with every entry's step limit capped, so that the batch stays within minutes under TSan.
sed -E "s/ steps=\"[-0-9]+\"//; s/<model /<model steps=\"$steps\" /" "$corpus/models.xml" > "$out/models.xml"
ln -s "$(cd "$corpus" && pwd)/models" "$out/models"
ln -s "$(cd "$corpus" && pwd)/resources" "$out/resources"
build-tsan/mj "$out/models.xml" -j 2 --out "$out/output" -q
echo "tsan: no data race in the threading tests and a -j 2 batch of $(ls "$out/output" | wc -l) runs"
rm -rf "$out"
