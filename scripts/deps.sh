#!/usr/bin/env bash
# Installs mj's build and test dependencies from Debian packages (skips what is already there).
# `deps.sh python` adds what the Python package needs (scripts/python.sh), `deps.sh web` the web build's,
# `deps.sh clang` clang-14 with libFuzzer, its sanitizer runtimes and llvm-cov (scripts/fuzz.sh, coverage.sh),
# `deps.sh dotnet` Mono (mcs, mono) for the .NET binding (scripts/dotnet.sh).
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config libpugixml-dev libpng-dev libgif-dev libcli11-dev
          libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev clang-format dpkg-dev lintian)
if [ "${1:-}" = python ]; then
  packages+=(python3-dev python3-venv pybind11-dev python3-pybind11 python3-numpy python3-pytest
             python3-distributed python3-matplotlib python3-setuptools
             python3-wheel python3-pip python3-flake8 black python3-tqdm python3-pil python3-networkx
             python3-nbclient python3-nbformat python3-ipykernel python3-ipywidgets python3-jupyter-client
             jupyter-core jupyter-nbconvert)  # `jupyter execute`, `jupyter nbconvert` (the tour, as the README runs it)
fi
if [ "${1:-}" = web ]; then
  packages+=(emscripten dpkg-dev chromium)
  command -v node >/dev/null || packages+=(nodejs)
  command -v npm >/dev/null || packages+=(npm)
fi
if [ "${1:-}" = dotnet ]; then
  packages+=(mono-devel)
fi
if [ "${1:-}" = clang ]; then
  packages+=(clang-14 libclang-rt-14-dev llvm-14)
fi
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
