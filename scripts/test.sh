#!/usr/bin/env bash
# Build and run the whole test suite: unit tests, golden conformance (needs ../shared beside the repo, or
# MJ_CORPUS and MJ_GOLDEN pointing at the corpus and the golden runs), the C interface, the .NET binding's tests
# and golden runs, then the Python package's tests, then the
# WebAssembly build's golden runs and the playground in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure -j2
bash scripts/dotnet.sh   # the .NET binding over build/'s libmj.so (built above)
bash dotnet/tests/test.sh
bash scripts/python.sh
MJ_CLI="$PWD/build/mj" .venv/bin/python -m pytest python/tests -q
bash scripts/web.sh
node web/tests/conformance.mjs
node web/tests/api.mjs
node web/tests/browser.mjs
