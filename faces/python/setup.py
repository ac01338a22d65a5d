"""Builds the markovjunior wheel: CMake builds the `_core` extension and assembles the package in one
build folder (``build-python`` at the repository root, or ``$MJ_PYTHON_BUILD``), which later builds reuse:
installing or making a wheel after ``scripts/python.sh`` compiles nothing. The first build compiles mj
(minutes): with Ninja, on every core (``$CMAKE_BUILD_PARALLEL_LEVEL`` to choose), through ccache when it is
installed. The version is the library's, read from include/mj/version.hpp."""

import importlib.util
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
BUILD = pathlib.Path(os.environ.get("MJ_PYTHON_BUILD", ROOT / "build-python")).resolve()
BUILD.mkdir(parents=True, exist_ok=True)  # setuptools' egg_info writes there before CMake runs


def library_version() -> str:
    header = ROOT / "include" / "mj" / "version.hpp"
    if not header.is_file():  # faces/python/ copied alone: the C++ library it binds is not beside it
        sys.exit(
            f"markovjunior is built from the whole mj repository, not faces/python/ alone: {header} is missing."
            " Install from a clone of the repository (pip install ./faces/python from its root), or a wheel made there"
            " (pip wheel --no-build-isolation --no-index --no-deps -w dist ./faces/python)."
        )
    header = header.read_text()
    return re.search(r'kVersion = "([^"]+)"', header).group(1)


def check_build_packages() -> None:
    """The install fetches nothing (``--no-build-isolation --no-index``): it builds with the wheel and numpy that
    this python sees, Debian's. Another python3 (pyenv's, conda's) has neither, and pip would only say "invalid
    command 'bdist_wheel'": say instead which python to use, and exactly how."""
    missing = [name for name in ("wheel", "numpy") if importlib.util.find_spec(name) is None]
    if not missing:
        return
    sys.exit(
        f"markovjunior builds with Debian's python3 and its packages, but {sys.executable} has no"
        f" {' and no '.join(missing)}. From the repository's root, run: bash scripts/python.sh (it makes .venv with"
        " /usr/bin/python3, then use .venv/bin/python); or into a venv of your own: /usr/bin/python3 -m venv"
        " --system-site-packages VENV && VENV/bin/python -m pip install --no-build-isolation --no-index"
        " ./faces/python (Debian's packages: bash scripts/deps.sh python)."
    )


def cmake(*args: str) -> None:
    subprocess.run(["cmake", *args], check=True)


def configured_source() -> "pathlib.Path | None":
    """The source folder the build folder was configured from (None: not configured yet)."""
    cache = BUILD / "CMakeCache.txt"
    if not cache.is_file():
        return None
    found = re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", cache.read_text(), re.M)
    return pathlib.Path(found.group(1)).resolve() if found else None


def launcher() -> list:
    """ccache when installed: a build of the same source elsewhere (another clone, a wiped build folder)
    then takes its objects from the cache."""
    return ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"] if shutil.which("ccache") else []


class CMakeBuild(build_ext):
    """The one extension is the whole package as CMake assembles it: modules, `_core` and mj's models."""

    def build_extension(self, ext: Extension) -> None:
        source = configured_source()
        if source is not None and source != ROOT:
            sys.exit(f"{BUILD} builds {source}, not {ROOT}: set MJ_PYTHON_BUILD to another folder")
        if source is None:  # configured once; a build re-runs CMake when it must
            python = os.path.realpath(sys.executable)  # a venv's python is a link: one interpreter, one cache
            cmake(
                "-S",
                str(ROOT),
                "-B",
                str(BUILD),
                "-G",
                "Ninja",
                "-DCMAKE_BUILD_TYPE=Release",
                "-DMJ_BUILD_PYTHON=ON",
                "-DMJ_BUILD_TESTS=OFF",
                "-DMJ_BUILD_BENCH=OFF",
                f"-DPython3_EXECUTABLE={python}",
                *launcher(),
            )
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        os.environ.setdefault("CCACHE_BASEDIR", str(ROOT))  # cache keys relative to the source: clones share them
        cmake("--build", str(BUILD), "--target", "mj_python", "--parallel", jobs)
        package = pathlib.Path(self.get_ext_fullpath(ext.name)).parent
        shutil.copytree(BUILD / "python" / "markovjunior", package, dirs_exist_ok=True)


check_build_packages()
setup(
    version=library_version(),
    packages=[],  # the package comes whole from CMake's folder (CMakeBuild)
    ext_modules=[Extension("markovjunior._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' scratch files go beside CMake's, not into the source tree
    options={"build": {"build_base": str(BUILD / "setuptools")}, "egg_info": {"egg_base": str(BUILD)}},
    zip_safe=False,
)
