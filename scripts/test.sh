#!/usr/bin/env bash
# Build and run the whole test suite: unit tests, golden conformance (needs ../shared beside the repo, or
# MJ_CORPUS and MJ_GOLDEN pointing at the corpus and the golden runs), the C interface, the .NET binding's tests
# and golden runs, then the Python package's tests, then the WebAssembly build's linters, API tests, golden runs
# and the playground in headless Chromium, and last the same models and bad inputs through every face
# (tests/faces: mj run, the C interface, .NET, Python and JavaScript).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh python
# One build of the library for everything native: the CLI, the tests, libmj.so and the Python extension (the last
# two from the same position-independent objects). A warning in the project's own code is an error here.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMJ_BUILD_PYTHON=ON -DMJ_WERROR=ON >/dev/null
cmake --build build
(cd tests/exports && npm ci --no-audit --no-fund --loglevel=error)  # the glTF validator
ctest --test-dir build --output-on-failure -j2
bash scripts/dotnet.sh   # the .NET binding over build/'s libmj.so (built above)
bash faces/dotnet/tests/test.sh
# pip (here, and the README's wheel command in faces/python/tests) takes the extension built above: compiles nothing
export MJ_PYTHON_BUILD="$PWD/build"
bash scripts/python.sh
MJ_CLI="$PWD/build/mj" .venv/bin/python -m pytest faces/python/tests -q
bash scripts/web.sh
# The web tests on node:test, each file in a process of its own: eslint and prettier, the API against native mj
# and tests/cli_errors.xml, the npm package installed in a new project, the golden runs through the WebAssembly
# build, the playground in Chromium. (Not beside the Python tests: their Ctrl-C test compares a call's progress
# with a twin's, which a busy second core upsets.)
node --test tests/js_style.mjs faces/js/tests/api*.mjs faces/js/tests/package.mjs faces/js/tests/conformance.mjs \
  playground/tests/editor*.mjs playground/tests/browser*.mjs
# The same models through mj run, C, .NET, Python and the JavaScript API: the same size, steps, colours, pictures
# and file names; the same words for the same bad input, each face failing its own way.
MJ_CLI="$PWD/build/mj" MJ_LIB="$PWD/build/capi/libmj.so" MJ_WEB="$PWD/build-web" MJ_DOTNET="$PWD/build-dotnet" \
  .venv/bin/python -m pytest tests/faces -q
# Every code block of the README and docs/ as written, now that every face is built: the XML and `mj` lines (also
# in ctest's docs_language), the Python and C++ blocks, the node and mono command lines (tests/docs_blocks.py).
MJ_PYTHON="$PWD/.venv/bin/python" /usr/bin/python3 tests/docs_blocks.py build/mj --faces
