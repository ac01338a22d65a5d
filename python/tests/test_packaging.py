"""The package as pip sees it: a wheel built from this tree (reusing CMake's build folder, so it takes
seconds) installs into a fresh venv with its metadata, runs a model there, and uninstalls."""

import subprocess
import sys
import venv

from conftest import ROOT

CHECK = """
import importlib.metadata, sys
import markovjunior as mj
assert mj.__file__.startswith(sys.prefix), mj.__file__
assert importlib.metadata.version("markovjunior") == mj.__version__, importlib.metadata.version("markovjunior")
assert mj.generate("GrowthMaze", size=20, steps=100).shape[2] == 3
print(int(mj.load('<one values="BW" in="B" out="W"/>', size=5).run(1).grid.sum()))  # every cell W
"""


def pip(python, *args, cwd):
    done = subprocess.run([str(python), "-m", "pip", *args], capture_output=True, text=True, cwd=cwd)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_wheel_installs_into_a_fresh_venv_and_uninstalls(tmp_path):
    pip(
        sys.executable,
        "wheel",
        "--no-build-isolation",
        "--no-index",
        "--no-deps",
        "-q",
        "-w",
        tmp_path / "wheels",
        ROOT / "python",
        cwd=tmp_path,
    )
    (wheel,) = (tmp_path / "wheels").glob("markovjunior-*.whl")
    assert "-cp3" in wheel.name and "linux" in wheel.name  # a platform wheel: it holds the extension
    env = tmp_path / "venv"
    venv.create(env, system_site_packages=True)  # numpy, and pip itself, from Debian's site-packages
    python = env / "bin" / "python"
    pip(python, "install", "--no-index", "--no-deps", "-q", wheel, cwd=tmp_path)
    assert "markovjunior" in pip(python, "list", cwd=tmp_path)
    ran = subprocess.run([str(python), "-c", CHECK], capture_output=True, text=True, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "25"
    pip(python, "uninstall", "-y", "markovjunior", cwd=tmp_path)
    gone = subprocess.run([str(python), "-c", "import markovjunior"], capture_output=True, text=True, cwd=tmp_path)
    assert "No module named 'markovjunior'" in gone.stderr
    assert not list((env / "lib").glob("python3*/site-packages/markovjunior*"))
