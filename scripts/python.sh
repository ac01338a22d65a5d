#!/usr/bin/env bash
# Builds the Python package `markovjunior` from this repo's C++ sources and installs it into .venv with pip
# (Debian's python3 with its numpy, pybind11, pytest and Dask visible: no other package index needed), whatever
# python3 comes first on PATH: another one (pyenv's, conda's) has none of those, and its pip cannot build the package.
# faces/python/setup.py runs CMake in build-python, which later installs and wheels reuse.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh python
if [ ! -x /usr/bin/python3 ]; then
  echo "scripts/python.sh: no /usr/bin/python3 (Debian's python3, with its numpy and pybind11): bash scripts/deps.sh python" >&2
  exit 1
fi
[ -x .venv/bin/python ] || /usr/bin/python3 -m venv --system-site-packages .venv
if [ ! -f "${MJ_PYTHON_BUILD:-build-python}/python/markovjunior/__init__.py" ]; then
  echo "Compiling mj for Python: the first install takes minutes (pip says \"still running...\" meanwhile; -v shows CMake)"
fi
# not --quiet: pip's progress line (its spinner, "still running..." when the output is not a terminal) shows that it works
.venv/bin/python -m pip install --no-build-isolation --no-index ./faces/python
.venv/bin/python - <<'PY'
import markovjunior

print(f"markovjunior {markovjunior.__version__} installed in .venv ({markovjunior.__file__}). Use it with")
print("  .venv/bin/python (or: source .venv/bin/activate, then python): import markovjunior as mj")
print("Another venv: /usr/bin/python3 -m venv --system-site-packages VENV, then the README's pip line with VENV/bin/python")
PY
