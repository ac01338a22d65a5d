#!/usr/bin/env bash
# Builds the Python package `markovjunior` from this repo's C++ sources and installs it into .venv with pip
# (Debian's python3 with its numpy, pybind11, pytest and Dask visible: no other package index needed).
# faces/python/setup.py runs CMake in build-python, which later installs and wheels reuse.
# Then: .venv/bin/python -c "import markovjunior"
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh python
[ -x .venv/bin/python ] || /usr/bin/python3 -m venv --system-site-packages .venv
.venv/bin/python -m pip install --no-build-isolation --no-index --quiet ./faces/python
echo "markovjunior $(.venv/bin/python -c 'import markovjunior; print(markovjunior.__version__, "installed in", markovjunior.__file__)')"
