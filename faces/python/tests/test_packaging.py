"""The package as pip sees it: the README's wheel command, as written (reusing CMake's build folder, so it takes
seconds), makes a wheel that installs into a fresh venv with its metadata, runs a model and the write-up's calls
(docs/python.md) there from another folder, and uninstalls."""

import os
import re
import shlex
import shutil
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


def readme_wheel_command():
    (line,) = re.findall(r"^python3 -m pip wheel .*$", (ROOT / "README.md").read_text(), re.M)
    words = shlex.split(line, comments=True)
    assert words[:3] == ["python3", "-m", "pip"] and words[-1] == "./faces/python", words
    return [sys.executable, *words[1:]]


def write_up_calls():
    return re.search(r"```python\n(.*?)```", (ROOT / "docs" / "python.md").read_text(), re.S)[1]


def test_the_readmes_wheel_installs_into_a_fresh_venv_and_uninstalls(tmp_path):
    (tmp_path / "faces").mkdir()
    (tmp_path / "faces" / "python").symlink_to(ROOT / "faces" / "python")  # the README's ./faces/python
    made = subprocess.run(readme_wheel_command(), capture_output=True, text=True, cwd=tmp_path)
    assert made.returncode == 0, made.stdout + made.stderr
    (wheel,) = (tmp_path / "dist").glob("markovjunior-*.whl")
    assert "-cp3" in wheel.name and "linux" in wheel.name  # a platform wheel: it holds the extension
    env = tmp_path / "venv"
    venv.create(env, system_site_packages=True)  # numpy, and pip itself, from Debian's site-packages
    python = env / "bin" / "python"
    pip(python, "install", "--no-index", "--no-deps", "-q", wheel, cwd=tmp_path)
    assert "markovjunior" in pip(python, "list", cwd=tmp_path)
    ran = subprocess.run([str(python), "-c", CHECK], capture_output=True, text=True, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "25"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    calls = "import matplotlib\nmatplotlib.use('Agg')\n" + write_up_calls()
    calls += "import markovjunior\nprint(markovjunior.__file__)\n"
    ran = subprocess.run([str(python), "-c", calls], capture_output=True, text=True, cwd=elsewhere)
    assert ran.returncode == 0, ran.stderr
    assert "['A'" in ran.stdout and ran.stdout.splitlines()[-1].startswith(str(env)), ran.stdout
    pip(python, "uninstall", "-y", "markovjunior", cwd=tmp_path)
    gone = subprocess.run([str(python), "-c", "import markovjunior"], capture_output=True, text=True, cwd=tmp_path)
    assert "No module named 'markovjunior'" in gone.stderr
    assert not list((env / "lib").glob("python3*/site-packages/markovjunior*"))


def test_a_build_folder_of_another_source_is_refused(tmp_path):
    """MJ_PYTHON_BUILD reuses a build of this source; a folder configured from another one is refused by name."""
    other = tmp_path / "other-build"
    other.mkdir()
    (other / "CMakeCache.txt").write_text(f"CMAKE_HOME_DIRECTORY:INTERNAL={tmp_path / 'another-mj'}\n")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-index", "--no-deps", "-w", "dist"]
        + [str(ROOT / "faces" / "python")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "MJ_PYTHON_BUILD": str(other)},
    )
    assert done.returncode != 0
    assert f"{other} builds {tmp_path / 'another-mj'}, not {ROOT}" in done.stdout + done.stderr
    assert not (tmp_path / "dist").exists() or not list((tmp_path / "dist").iterdir())


def test_python_copied_alone_stops_with_a_message(tmp_path):
    """pip install of faces/python/ without the repository around it says what it needs, rather than a traceback."""
    shutil.copytree(
        ROOT / "faces" / "python", tmp_path / "python", ignore=shutil.ignore_patterns("__pycache__", "build*")
    )
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-index", "--no-deps", "-w", "dist"]
        + [str(tmp_path / "python")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "MJ_PYTHON_BUILD": str(tmp_path / "build")},
    )
    assert done.returncode != 0
    said = done.stdout + done.stderr
    assert "markovjunior is built from the whole mj repository, not faces/python/ alone" in said, said
    assert "Traceback" not in said, said


def test_another_python3_is_told_what_to_run(tmp_path):
    """The README's pip line from a python3 that is not Debian's (pyenv's: no wheel, no numpy) stopped with pip's
    "invalid command 'bdist_wheel'"; setup.py now says what that python lacks and exactly what to run instead."""
    hidden = (
        "import runpy, sys; sys.modules['wheel'] = sys.modules['numpy'] = None; sys.argv = ['setup.py', 'bdist_wheel']"
    )
    done = subprocess.run(
        [sys.executable, "-c", hidden + "; runpy.run_path('setup.py', run_name='__main__')"],
        capture_output=True,
        text=True,
        cwd=ROOT / "faces" / "python",
        env={**os.environ, "MJ_PYTHON_BUILD": str(tmp_path / "build")},
    )
    assert done.returncode != 0
    said = done.stdout + done.stderr
    assert f"{sys.executable} has no wheel and no numpy" in said, said
    assert "run: bash scripts/python.sh" in said and "/usr/bin/python3 -m venv --system-site-packages VENV" in said
    assert "Traceback" not in said, said
