#!/usr/bin/env bash
# Builds mj with AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/) and runs the unit tests, then every
# golden entry (every models.xml entry and the extra ones) once with at most MJ_SMOKE steps (default 300).
# Any sanitizer report aborts with a non-zero exit. Needs ../shared beside the repo (or MJ_CORPUS, MJ_GOLDEN).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh  # build-essential brings the ASan and UBSan runtimes (libasan, libubsan)
# -g1: line tables for the reports, without the cost of full debug information. -O1, the level ASan's documentation
# suggests: the same checks, while -O3's inlining and vectorising of the instrumented code doubled the compile time
# (tests/model_test.cpp: 35 s -> 17 s). The library and the CLI as a unity build, in batches of 16 sources (each
# header and its inline code compiled once a batch; mj_tests never is, tests/CMakeLists.txt says why). Only what
# the tests below run is built: the header-alone and layer-alone checks are the native build's (scripts/test.sh).
# The build's compile time: 1882 s -> 867 s of CPU, about 8 minutes less on 2 cores.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-g1 \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
  -DMJ_SANITIZE=ON -DMJ_BUILD_BENCH=OFF >/dev/null
cmake --build build-asan -j2 --target mj_tests mj_conformance mj_cli
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# A quarter of the random programs (tests/test_util.hpp, share_of): the native run draws them all.
export MJ_TEST_SHARE=0.25
ctest --test-dir build-asan --output-on-failure -j2 -E '^(conformance|example_consumer|debian_package|file_faults|exports)$'
MJ_SMOKE=${MJ_SMOKE:-300} MJ_JOBS=2 build-asan/tests/mj_conformance
