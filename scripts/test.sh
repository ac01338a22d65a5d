#!/usr/bin/env bash
# Build and run the whole test suite: unit tests and golden conformance (needs ../shared beside the repo,
# or MJ_CORPUS and MJ_GOLDEN pointing at the corpus and the golden runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure -j2
