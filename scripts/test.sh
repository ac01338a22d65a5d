#!/usr/bin/env bash
# Build and run the whole test suite: unit tests, golden conformance (needs ../shared beside the repo, or
# MJ_CORPUS and MJ_GOLDEN pointing at the corpus and the golden runs), then the Python package's tests, then the
# WebAssembly build's linters, API tests, golden runs and the playground in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
(cd tests/exports && npm ci --no-audit --no-fund --loglevel=error)  # the glTF validator
ctest --test-dir build --output-on-failure -j2
bash scripts/python.sh
MJ_CLI="$PWD/build/mj" .venv/bin/python -m pytest python/tests -q
bash scripts/web.sh
# The web tests on node:test, each file in a process of its own: eslint and prettier, the API against native mj
# and tests/cli_errors.xml, the npm package installed in a new project, the golden runs through the WebAssembly
# build, the playground in Chromium.
(cd web && node --test tests/lint.mjs tests/api.mjs tests/package.mjs tests/conformance.mjs tests/browser.mjs)
