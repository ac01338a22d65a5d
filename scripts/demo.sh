#!/usr/bin/env bash
# Set up, build, and run the built-in demo: PNG images of mj's own models in output/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target mj_cli  # the demo needs mj alone, not the tests and benchmarks
./build/mj --out output
