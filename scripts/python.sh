#!/usr/bin/env bash
# Builds the Python package `markovjunior` from this repo's C++ sources and installs it into .venv
# (Debian's python3 with its numpy, pybind11, pytest and Dask visible: no other package index needed).
# Then: .venv/bin/python -c "import markovjunior"
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh python
cmake -S . -B build-python -G Ninja -DCMAKE_BUILD_TYPE=Release -DMJ_BUILD_PYTHON=ON -DMJ_BUILD_TESTS=OFF \
      -DMJ_BUILD_BENCH=OFF -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
cmake --build build-python --target mj_python
[ -x .venv/bin/python ] || /usr/bin/python3 -m venv --system-site-packages .venv
site=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
rm -rf "$site/markovjunior"
cp -r build-python/python/markovjunior "$site/markovjunior"
echo "markovjunior installed into .venv ($(.venv/bin/python -c 'import markovjunior; print(markovjunior.__file__)'))"
