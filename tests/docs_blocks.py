#!/usr/bin/env python3
"""Every code block of the README and of docs/ runs as written.

    python3 tests/docs_blocks.py MJ            # XML programs, models.xml lists, tilesets, `mj` command lines, JSON
    python3 tests/docs_blocks.py MJ --faces    # also Python, C, C++, JavaScript, C# (once scripts/test.sh built them)

A block runs from the repository's folder unless a comment on the line before it says otherwise:
    <!-- docs_test: in ../shared/corpus -->      run it in that folder (relative to the repository)
    <!-- docs_test: size=5x1 steps=100 -->      an XML program's run (default: 16x16, or 16^3 for 3D rules, 5000 steps)
    <!-- docs_test: output -->                  the block shows output, not input: not run
How each kind runs:
  xml     a program: `mj run` (the corpus's resources given); a block followed by an example's picture must be
          that example's program (docs/language/examples/NAME.xml, which docs_test runs); <models>: `mj LIST`
          beside the corpus's models and
          resources; <tileset>: a wfc over it, with the corpus's Knots2D tiles
  sh      each `mj ...` and `node build-web/...`/`mono build-dotnet/...` line, in a scratch copy of the folder; lines
          that build or install (bash scripts/..., pip install, cmake, a web server) are what scripts/test.sh runs
          or CI does: listed as such, not run
  json    parsed
  python  run by MJ_PYTHON (default .venv/bin/python) with matplotlib's Agg backend       (--faces)
  cpp     compiled against the build's static libraries and run inside main()          (--faces)
  c       compiled as C11 against the build's libmj.so and run                          (--faces)
  js      run by node as a module, `markovjunior` being build-web's package             (--faces)
  csharp  compiled by mcs inside Main() against build-dotnet/Mj.dll and run by mono          (--faces)
Missing faces fail the test: run it after scripts/test.sh has built them.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.environ.get("MJ_CORPUS", os.path.join(os.path.dirname(ROOT), "shared", "corpus"))
RESOURCES = os.path.join(CORPUS, "resources")
FENCE = re.compile(r"^```(\w*)[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
MARKER = re.compile(r"<!--\s*docs_test:\s*(.*?)\s*-->\s*$")
# Command lines that build, install or serve: scripts/test.sh (or CI) runs them; running them here would nest a
# build inside the test that the build runs. (faces/python/tests/test_packaging.py runs the README's `pip wheel` line,
# faces/python/tests/test_notebook.py its kernel's and notebook's (execute, nbconvert), which write under the home.)
BUILD_LINES = re.compile(
    r"^(bash scripts/|bash faces/dotnet/tests/|python3 -m pip (install|wheel)|python3 -m http\.server|cmake |cpack|apt |"
    r"\.venv/bin/python -m ipykernel install |jupyter execute |jupyter nbconvert |"
    r"\(cd build-web/package && npm pack\))"
)
TIMEOUT = 600


def pages():
    yield "README.md"
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True)):
        yield os.path.relpath(path, ROOT)


def blocks():
    """(page, line, language, body, settings) of every fenced block."""
    for page in pages():
        with open(os.path.join(ROOT, page), encoding="utf-8") as f:
            text = f.read()
        for m in FENCE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            before = text[: m.start()].rstrip("\n").splitlines()
            settings = {}
            if before:
                marker = MARKER.search(before[-1])
                if marker:
                    for word in marker.group(1).split():
                        key, _, value = word.partition("=")
                        settings[key] = value or True
                    if settings.get("in") is True:  # "in FOLDER"
                        settings["in"] = marker.group(1).split()[1]
            after = text[m.end() : m.end() + 400]
            picture = re.search(r"\]\((?:\.\./)?(?:language/)?pictures/(\w+)_\d+\.png\)", after)
            if picture and m.group(1) == "xml":
                settings["example"] = picture.group(1)
            yield page, line, m.group(1), m.group(2), settings


def scratch_copy(folder):
    """A scratch folder whose entries link to `folder`'s, so that commands find its files and write their own."""
    scratch = tempfile.mkdtemp(prefix="mj-docs-block-")
    for entry in os.listdir(folder):
        if entry != "output":
            os.symlink(os.path.join(folder, entry), os.path.join(scratch, entry))
    return scratch


def folder_of(settings):
    return os.path.normpath(os.path.join(ROOT, settings.get("in", ".")))


def run(command, cwd, env=None, shell=False):
    done = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, env=env, shell=shell, executable=None
    )
    return done.returncode, (done.stderr or done.stdout).strip()[-2000:]


def program_text(xml):
    """A program without its comments and blank lines, for comparing a block with an example file."""
    xml = re.sub(r"<!--.*?-->", "", xml, flags=re.S)
    return "\n".join(line.rstrip() for line in xml.splitlines() if line.strip())


def xml_block(mj, body, settings):
    if "example" in settings:  # the picture under the block: the block must be that example's program
        example = os.path.join(ROOT, "docs", "language", "examples", settings["example"] + ".xml")
        with open(example, encoding="utf-8") as f:
            if program_text(f.read()) != program_text(body):
                return (
                    1,
                    f"the block is not the program of examples/{settings['example']}.xml, whose picture follows it",
                )
    scratch = tempfile.mkdtemp(prefix="mj-docs-xml-")
    try:
        root = re.search(r"<(\w+)", body).group(1)
        if root == "models":
            for entry in ("models", "resources"):
                os.symlink(os.path.join(CORPUS, entry), os.path.join(scratch, entry))
            with open(os.path.join(scratch, "models.xml"), "w", encoding="utf-8") as f:
                f.write(body)
            return run([mj, "models.xml", "--out", "output"], scratch)
        if root == "tileset":
            tilesets = os.path.join(scratch, "resources", "tilesets")
            os.makedirs(tilesets)
            os.symlink(os.path.join(RESOURCES, "tilesets", "Knots2D"), os.path.join(tilesets, "Knots2D"))
            with open(os.path.join(tilesets, "Doc.xml"), "w", encoding="utf-8") as f:
                f.write(body)
            body = '<sequence values="B"><wfc tileset="Doc" tiles="Knots2D" values="IE"/></sequence>'
            resources = os.path.join(scratch, "resources")
        else:
            resources = RESOURCES
        model = os.path.join(scratch, "Block.xml")
        with open(model, "w", encoding="utf-8") as f:
            f.write(body)
        sides = str(settings.get("size", "16")).split("x")
        command = [mj, "run", model, "--seed", "1", "--steps", str(settings.get("steps", 5000)), "--no-picture"]
        command += ["--resources", resources]
        command += ["--size", sides[0]] if len(sides) == 1 else ["--length", sides[0], "--width", sides[1]]
        return run(command, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def sh_block(mj, body, settings, faces):
    """Runs the block's command lines; returns (code, error, lines run, lines left to the build)."""
    ran, built = 0, []
    folder = folder_of(settings)
    for line in body.splitlines():
        command = re.sub(r"\s+#.*$", "", line).strip()
        if not command:
            continue
        if BUILD_LINES.match(command):
            built.append(command)
            continue
        if command.startswith("mj ") or command == "mj":
            command = mj + command[2:]
        elif not faces:
            continue  # a face's command line (node, mono): run with --faces
        scratch = scratch_copy(folder)
        try:
            code, error = run(command, scratch, shell=True)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if code != 0:
            return code, f"{command}: {error}", ran, built
        ran += 1
    return 0, "", ran, built


def python_block(body, settings):
    python = os.environ.get("MJ_PYTHON", os.path.join(ROOT, ".venv", "bin", "python"))
    env = dict(os.environ, MPLBACKEND="Agg")
    scratch = scratch_copy(folder_of(settings))
    try:
        with open(os.path.join(scratch, "block.py"), "w", encoding="utf-8") as f:
            f.write(body)
        return run([python, "block.py"], scratch, env=env)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def cpp_block(body, settings):
    """Compiles the block against the build's static libraries: a whole program as written, else its #include
    lines on top and the rest in main()."""
    build = os.environ.get("MJ_BUILD", os.path.join(ROOT, "build"))
    lines = body.splitlines()
    includes = [line for line in lines if line.startswith("#include")]
    rest = [line for line in lines if not line.startswith("#include")]
    whole = any(line.startswith("int main(") for line in lines)
    source = (
        body if whole else "\n".join(includes + ["#include <mj/model.hpp>", "int main() {"] + rest + ["}"]) + "\n"
    )
    libraries = [os.path.join(build, f"libmj{part}.a") for part in ("_debugger", "", "_nodes", "_io", "_core")]
    compiled = ["g++", "-std=c++20", "-O0", "-I" + os.path.join(ROOT, "include"), "block.cpp", "-o", "block"]
    compiled += libraries + ["-lpugixml", "-lfmt", "-lpng", "-lgif", "-lz", "-pthread"]
    return compile_and_run(source, "block.cpp", compiled, settings)


def compile_and_run(source, name, compiled, settings):
    """Writes the source as `name` in a scratch copy of the block's folder, compiles it with the command
    `compiled` (which makes ./block) and runs it: (exit code, what went wrong)."""
    scratch = scratch_copy(folder_of(settings))
    try:
        with open(os.path.join(scratch, name), "w", encoding="utf-8") as f:
            f.write(source)
        code, error = run(compiled, scratch)
        return (code, "compiling: " + error) if code != 0 else run(["./block"], scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def c_block(body, settings):
    """Compiles the block as C11 against the build's libmj.so (the C interface) and runs it."""
    build = os.environ.get("MJ_BUILD", os.path.join(ROOT, "build"))
    library = os.path.join(build, "capi")
    compiled = [
        "cc",
        "-std=c11",
        "-Wall",
        "-Werror",
        "-I" + os.path.join(ROOT, "include"),
        "block.c",
        "-o",
        "block",
    ]
    compiled += ["-L" + library, "-lmj", "-Wl,-rpath," + library]
    return compile_and_run(body, "block.c", compiled, settings)


def js_block(body, settings):
    """Runs the block as an ES module by node, `markovjunior` being build-web's package (MJ_WEB: that folder)."""
    web = os.environ.get("MJ_WEB", os.path.join(ROOT, "build-web"))
    scratch = scratch_copy(folder_of(settings))
    try:
        os.makedirs(os.path.join(scratch, "node_modules"))
        os.symlink(os.path.join(web, "package"), os.path.join(scratch, "node_modules", "markovjunior"))
        with open(os.path.join(scratch, "block.mjs"), "w", encoding="utf-8") as f:
            f.write(body)
        return run(["node", "block.mjs"], scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def csharp_block(body, settings):
    """Compiles the block by mcs (C# 7, as Unity) inside a Main(), its `using` lines on top, against Mj.dll of
    build-dotnet (MJ_DOTNET: that folder, which holds libmj.so too) and runs it by mono."""
    dotnet = os.path.abspath(os.environ.get("MJ_DOTNET", os.path.join(ROOT, "build-dotnet")))
    lines = body.splitlines()
    usings = [line for line in lines if line.startswith("using ") and line.rstrip().endswith(";")]
    rest = [line for line in lines if line not in usings]
    source = "\n".join(usings + ["static class Block", "{", "static void Main()", "{"] + rest + ["}", "}"]) + "\n"
    scratch = scratch_copy(folder_of(settings))
    try:
        with open(os.path.join(scratch, "Block.cs"), "w", encoding="utf-8") as f:
            f.write(source)
        library = os.path.join(dotnet, "Mj.dll")
        code, error = run(["mcs", "-langversion:7", "-out:Block.exe", "-r:" + library, "Block.cs"], scratch)
        if code != 0:
            return code, "compiling: " + error
        env = dict(os.environ, MONO_PATH=dotnet, LD_LIBRARY_PATH=dotnet)
        done = subprocess.run(
            ["mono", "Block.exe"], cwd=scratch, capture_output=True, text=True, timeout=TIMEOUT, env=env
        )
        # The block catches MjException and prints it: anything on stderr is a failure.
        return (done.returncode or (1 if done.stderr.strip() else 0)), done.stderr.strip()[-2000:]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def check(mj, faces):
    errors, counts, not_run = [], {}, []
    for page, line, language, body, settings in blocks():
        where = f"{page}:{line}"
        if settings.get("output") or language in ("", "text"):
            not_run.append(f"{where}: output shown, not a command")
            continue
        if language == "xml":
            code, error = xml_block(mj, body, settings)
        elif language == "json":
            try:
                json.loads(body)
                code, error = 0, ""
            except ValueError as e:
                code, error = 1, str(e)
        elif language == "sh":
            code, error, ran, built = sh_block(mj, body, settings, faces)
            not_run += [f"{where}: {c} (scripts/test.sh or CI runs the build)" for c in built]
            if code == 0 and ran == 0:
                continue  # build lines only
        elif language == "python" and faces:
            code, error = python_block(body, settings)
        elif language == "cpp" and faces:
            code, error = cpp_block(body, settings)
        elif language == "c" and faces:
            code, error = c_block(body, settings)
        elif language == "js" and faces:
            code, error = js_block(body, settings)
        elif language == "csharp" and faces:
            code, error = csharp_block(body, settings)
        elif language in ("python", "c", "cpp", "js", "csharp") and not faces:
            continue
        else:
            code, error = 1, f"no way to run a ```{language} block: give it one in tests/docs_blocks.py"
        counts[language] = counts.get(language, 0) + 1
        if code != 0:
            errors.append(f"{where}: the ```{language} block fails: {error}")
    return errors, counts, not_run


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    problems, ran, skipped = check(os.path.abspath(sys.argv[1]), "--faces" in sys.argv[2:])
    print("code blocks run: " + ", ".join(f"{n} {language}" for language, n in sorted(ran.items())))
    for s in skipped:
        print("not run here:", s)
    for p in problems:
        print("FAIL", p)
    sys.exit(1 if problems else 0)
