#!/usr/bin/env bash
# Builds mj for the web into build-web/: the JavaScript module (api.mjs over mj.mjs + mj.wasm) for
# browsers and Node, the Node command build-web/mj-cli.mjs (mj run and friends on the real file
# system), the npm package markovjunior in build-web/package, and the playground page in build-web/site (page
# libraries from npm, bundled by esbuild; npm also brings the linters and TypeScript the tests use).
# Debian's emscripten compiles the same src/ as native mj; zlib, libpng, giflib and pugixml are
# compiled from Debian's source packages.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh web
bash scripts/web_sources.sh build-web/deps
# Debian's emscripten runs its JavaScript tools with the Node modules Debian packages (acorn...), which a
# Node not from Debian (nodesource's) does not look for.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S faces/js -B build-web/cmake -G Ninja -DCMAKE_BUILD_TYPE=Release -DMJ_WEB_DEPS="$PWD/build-web/deps" \
  -DMJ_WEB_OUT="$PWD/build-web" >/dev/null
cmake --build build-web/cmake
npm ci --no-audit --no-fund --loglevel=error && node playground/build/site.mjs
echo "built build-web/: the playground in build-web/site (python3 -m http.server -d build-web/site),"
echo "node build-web/mj-cli.mjs run MODEL.xml ..., the JavaScript API build-web/api.mjs, and the npm package"
echo "build-web/package (cd there and npm pack)"
