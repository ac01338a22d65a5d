#!/usr/bin/env python3
"""The language reference (docs/language) is current and complete.

1. Every example in docs/language/examples runs through mj without an error, and its picture in
   docs/language/pictures is byte for byte what mj makes now (scripts/docs.py check).
2. Every node kind of the registry (src/nodes/registry.cpp, kKinds) has a heading `<name>` in docs/language.
3. Every attribute a loader reads has a table row "| `name` |" on the page of its concept. The attributes are
   the first string argument of XmlElement's readers (.str .integer .real .boolean .symbol .text .has) and of
   value_attribute / value_of_symbol, in the sources listed in PAGES; and the index of docs/language/README.md
   ("## Every attribute") names it.
4. Every example's `expect` comments hold (the claims the pages make about its run: scripts/docs.py).
4b. MJ's own list of what it reads (src/nodes/vocabulary.cpp: kReads and kNotes, whose notices mj gives) says
   what the index of docs/language/README.md ("## Every attribute") says, read as the playground reads it
   (playground/build/help_bundle.mjs, everyAttribute): the same attributes at the same places, the same notes.
5. The README's layout table names every public header, every top folder and every folder of src/.
6. Every count of the corpus (and of the golden runs) the docs give is what scripts/corpus_counts.py computes from
   the files (CORPUS_CLAIMS).
7. Every number the docs give of what a command prints is what the command prints now (COMMAND_CLAIMS), and the
   README's four pictures and docs/language/wfc.md's two are what their commands make now, byte for byte
   (PICTURES).
8. Every XML, JSON and `mj` command-line block of the README and docs/ runs as written (tests/docs_blocks.py; its
   --faces run, at the end of scripts/test.sh, runs the Python, C, C++, JavaScript and C# blocks).

    python3 tests/docs_test.py MJ            # all
    python3 tests/docs_test.py --complete    # 2, 3 and 5 only (no mj needed)
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import docs  # noqa: E402

import corpus_counts  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import docs_blocks  # noqa: E402

LANGUAGE = os.path.join(ROOT, "docs", "language")

# Loader sources (a folder or a file, relative to the repository) -> the page that documents what they read.
# The first matching prefix wins; a loader source that reads attributes and matches none fails the test.
PAGES = [
    ("src/core/grid.cpp", "grid.md"),
    ("src/run/interpreter.cpp", "grid.md"),
    ("src/nodes/node.cpp", "rules.md"),
    ("src/nodes/rules/rule_load.cpp", "rules.md"),
    ("src/nodes/rules/rule_guidance.cpp", "inference.md"),
    ("src/nodes/rules/rule_weight.cpp", "extensions.md"),
    ("src/nodes/dialect.cpp", "extensions.md"),
    ("src/nodes/event/", "extensions.md"),
    ("src/nodes/rules/", "rule-nodes.md"),
    ("src/nodes/inference/", "inference.md"),
    ("src/nodes/path/", "path.md"),
    ("src/nodes/map/", "map.md"),
    ("src/nodes/convolution/", "convolution.md"),
    ("src/nodes/convchain/", "convchain.md"),
    ("src/nodes/wfc/", "wfc.md"),
    ("src/io/formats/model_list.cpp", "models-xml.md"),
]
SOURCES = ["src/nodes", "src/core/grid.cpp", "src/run/interpreter.cpp", "src/io/formats/model_list.cpp"]

READS = [
    re.compile(r'\.(?:str|integer|real|boolean|symbol|text|has)\(\s*"([A-Za-z_][A-Za-z0-9_]*)"'),
    re.compile(r'value_attribute\(\s*[^,()]+,\s*[^,()]+,\s*"([A-Za-z_][A-Za-z0-9_]*)"'),
    re.compile(r'value_of_symbol\(\s*[^,()]+,\s*[^,()]+,\s*"([A-Za-z_][A-Za-z0-9_]*)"'),
]


def source_files():
    for entry in SOURCES:
        path = os.path.join(ROOT, entry)
        if os.path.isfile(path):
            yield entry
            continue
        for folder, _, files in os.walk(path):
            for f in sorted(files):
                if f.endswith((".cpp", ".hpp")):
                    yield os.path.relpath(os.path.join(folder, f), ROOT)


def attributes_read():
    """{relative source path: sorted attribute names it reads}."""
    found = {}
    for rel in source_files():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            text = f.read()
        names = set()
        for pattern in READS:
            names.update(pattern.findall(text))
        if names:
            found[rel] = sorted(names)
    return found


def node_kinds():
    with open(os.path.join(ROOT, "src", "nodes", "registry.cpp"), encoding="utf-8") as f:
        text = f.read()
    table = re.search(r"kKinds\[\]\s*=\s*\{(.*?)\n\};", text, re.S)
    if not table:
        raise SystemExit("src/nodes/registry.cpp: no kKinds table")
    return re.findall(r'\{\s*"([a-z]+)"\s*,', table.group(1))


def page_of(rel):
    for prefix, page in PAGES:
        if rel == prefix or (prefix.endswith("/") and rel.startswith(prefix)):
            return page
    return None


def read_pages():
    pages = {}
    for f in os.listdir(LANGUAGE):
        if f.endswith(".md"):
            with open(os.path.join(LANGUAGE, f), encoding="utf-8") as h:
                pages[f] = h.read()
    return pages


def completeness():
    errors = []
    pages = read_pages()
    kinds = node_kinds()
    headings = "\n".join(line for text in pages.values() for line in text.splitlines() if line.startswith("#"))
    for kind in kinds:
        if f"`<{kind}>`" not in headings:
            errors.append(f"node <{kind}> (src/nodes/registry.cpp) has no heading `<{kind}>` in docs/language")
    reads = attributes_read()
    count = 0
    for rel, names in sorted(reads.items()):
        page = page_of(rel)
        if page is None:
            errors.append(f"{rel} reads attributes {names} but tests/docs_test.py's PAGES gives it no page")
            continue
        text = pages.get(page)
        if text is None:
            errors.append(f"docs/language/{page} is missing (it documents {rel})")
            continue
        for name in names:
            count += 1
            if not re.search(r"^\|\s*`" + re.escape(name) + r"`\s*\|", text, re.M):
                errors.append(f"attribute '{name}' ({rel}) has no row | `{name}` | in docs/language/{page}")
    # The index of docs/language/README.md ("## Every attribute") names every attribute too.
    readme = pages.get("README.md", "")
    index = readme.split("## Every attribute", 1)[1].split("\n## ", 1)[0] if "## Every attribute" in readme else ""
    for name in sorted({n for names in reads.values() for n in names}):
        if f"`{name}`" not in index:
            errors.append(
                f"attribute '{name}' is missing from the index (## Every attribute) of docs/language/README.md"
            )
    print(f"{len(kinds)} node kinds, {count} attribute reads in {len(reads)} sources checked")
    return errors


def index_of_docs(readme):
    """({place: set of attributes}, {place: set of notes}) of the "Every attribute" index, read by the rules of
    help_bundle.mjs's everyAttribute (the playground's completion and marks)."""
    table = readme.split("## Every attribute", 1)[1].split("\n## ", 1)[0]
    reads, notes = {}, {}
    for line in table.splitlines():
        if not line.startswith("| `"):
            continue
        names, on = [c.strip() for c in line.strip().strip("|").split("|")][:2]
        attributes = set(re.findall(r"`([^`]+)`", names))
        if re.search(r"\ba note\b", on):
            places = (["*"] if "any element" in on else []) + re.findall(r"`<(\w+)>`", on)
            for place in places:
                notes.setdefault(place, set()).update(attributes)
            continue
        places = re.findall(r"`<(\w+)[^`]*>`( rules)?", on)
        keys = [f"{e}/rule" if rules else e for e, rules in places]
        keys += ["#root"] if re.search(r"\broot\b", on) else []
        keys += ["#node"] if "any node" in on else []
        keys += ["one", "all", "prl"] if "rule node" in on else []
        for key in keys:
            reads.setdefault(key, set()).update(attributes)
    return reads, notes


def index_of_source():
    """The same two tables from src/nodes/vocabulary.cpp's kReads and kNotes ({"names", "places"} rows)."""
    with open(os.path.join(ROOT, "src", "nodes", "vocabulary.cpp"), encoding="utf-8") as f:
        text = f.read()
    tables = []
    for name in ("kReads", "kNotes"):
        body = re.search(name + r"\[\]\s*=\s*\{(.*?)\n\};", text, re.S)
        if not body:
            raise SystemExit(f"src/nodes/vocabulary.cpp: no {name} table")
        table = {}
        for names, places in re.findall(r'\{"([^"]*)",\s*"([^"]*)"\}', body.group(1)):
            for place in places.split():
                table.setdefault(place, set()).update(names.split())
        tables.append(table)
    return tables


def vocabulary():
    """src/nodes/vocabulary.cpp and the docs' index say the same, place by place."""
    errors = []
    docs_tables = index_of_docs(read_pages()["README.md"])
    for what, docs_table, source_table in zip(("reads", "notes"), docs_tables, index_of_source()):
        for place in sorted(set(docs_table) | set(source_table)):
            in_docs, in_source = docs_table.get(place, set()), source_table.get(place, set())
            for name in sorted(in_docs - in_source):
                errors.append(
                    f"docs/language/README.md's index {what} '{name}' on {place}; src/nodes/vocabulary.cpp not"
                )
            for name in sorted(in_source - in_docs):
                errors.append(
                    f"src/nodes/vocabulary.cpp {what} '{name}' on {place}; docs/language/README.md's index not"
                )
    pairs = sum(len(names) for table in docs_tables for names in table.values())
    print(f"{pairs} (place, attribute) pairs of the index the same in src/nodes/vocabulary.cpp")
    return errors


def layout():
    """The README's layout table (## Layout) names every public header in its include/mj/ row, every top folder
    (`NAME/`, or a folder below it) and every folder of src/ (`NAME/`, by its path below src/ or its own name)."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        table = f.read().split("## Layout", 1)[1].split("\n## ", 1)[0]
    public = next((line for line in table.splitlines() if line.startswith("| `include/mj/`")), "")
    errors = [
        f"include/mj/{name} is not named in the README's layout row for include/mj/"
        for name in sorted(os.listdir(os.path.join(ROOT, "include", "mj")))
        if f"`{name}`" not in public
    ]
    for name in sorted(os.listdir(ROOT)):
        kept = os.path.isdir(os.path.join(ROOT, name)) and not name.startswith((".", "build")) and not _ignored(name)
        if kept and f"`{name}/" not in table:
            errors.append(f"the folder {name}/ has no row in the README's layout table")
    src = os.path.join(ROOT, "src")
    for folder, subfolders, _ in os.walk(src):
        for sub in subfolders:
            rel = os.path.relpath(os.path.join(folder, sub), src)
            if f"`src/{rel}/`" not in table and f"`{rel}/`" not in table and f"`{sub}/`" not in table:
                errors.append(f"src/{rel}/ is not named in the README's layout table")
    return errors


# (page, a pattern whose groups are counts, the scripts/corpus_counts.py name of each group): every count of the
# corpus written in the docs. A page that loses its sentence fails the test, so a count is never left unchecked.
CORPUS_CLAIMS = [
    ("docs/language/rule-nodes.md", r"\((\d+), (\d+) and (\d+) of its nodes\)", ["node:one", "node:all", "node:prl"]),
    ("docs/language/wfc.md", r"(\d+) wfc nodes in all", ["node:wfc"]),
    ("docs/language/path.md", r"(\d+) path nodes in all", ["node:path"]),
    ("docs/language/convolution.md", r"(\d+) convolution nodes\s+in all", ["node:convolution"]),
    ("docs/language/inference.md", r"Fields \((\d+) in the corpus\)", ["node:field"]),
    (
        "docs/language/models-xml.md",
        r"`models.xml` has (\d+) entries, which run (\d+) of the (\d+) programs",
        ["entries", "programs", "model_files"],
    ),
    ("README.md", r"\| all (\d+) \(", ["entries"]),
    ("docs/language/README.md", r"The reference's (\d+) example programs", ["model_files"]),
    ("README.md", r"today all (\d+) of (\d+) match", ["golden_runs", "golden_runs"]),
    ("README.md", r"runs all (\d+) golden runs through it in one process", ["golden_runs"]),
    ("README.md", r"all (\d+) golden runs match through", ["golden_runs"]),
    ("docs/fuzzing.md", r"unit tests and the (\d+) golden runs", ["golden_runs"]),
]


def corpus_numbers():
    """The counts of CORPUS_CLAIMS against the corpus's files."""
    errors, found = [], corpus_counts.counts(corpus_counts.default_corpus())
    for page, pattern, names in CORPUS_CLAIMS:
        with open(os.path.join(ROOT, page), encoding="utf-8") as f:
            m = re.search(pattern, " ".join(f.read().split()))  # lines joined: a sentence may wrap
        if not m:
            errors.append(f"{page}: no sentence matches {pattern!r} (tests/docs_test.py's CORPUS_CLAIMS)")
            continue
        for name, written in zip(names, m.groups()):
            if int(written) != found.get(name, 0):
                errors.append(
                    f"{page}: says {written} for {name}, scripts/corpus_counts.py counts {found.get(name, 0)}"
                )
    print(f"{sum(len(n) for _, _, n in CORPUS_CLAIMS)} counts of the corpus checked")
    return errors


DIMERS = '<one values="BW" in="BB" out="WW"/>'
CORPUS = corpus_counts.default_corpus()

# (page, a pattern whose groups are numbers in the prose, the mj command that prints them (run in `folder`: the
# repository, or the corpus; "DIMERS.xml" is the dimers program written in a scratch folder), a pattern whose
# groups are the same numbers in its output, in the same order). Thousands separators are ignored.
COMMAND_CLAIMS = [
    (
        "README.md",
        r"`GrowthMaze --size 5` has ([\d,]+) states, ([\d,]+) transitions and ([\d,]+) outcomes",
        ["explore", "models/GrowthMaze.xml", "--size", "5"],
        ROOT,
        r": (\d+) states, (\d+) transitions, .*?; (\d+) outcomes",
    ),
    (
        "README.md",
        r"on 5x4 \(`--max-states (\d+)`\): ([\d,]+) grids, ([\d,]+) halting",
        ["explore", "DIMERS.xml", "--all-grids", "--length", "5", "--width", "4", "--max-states", "2000000"],
        None,
        r"--max-states (\d+)|every grid: (\d+) grids, \d+ Gardens of Eden, (\d+) halting",
    ),
    (
        "README.md",
        r"under dimers a 64x64 grid all `W` has ([\d,]+)",
        ["explore", "DIMERS.xml", "--predecessors", "W64.txt"],
        None,
        r"W64.txt: (\d+) predecessors",
    ),
    (
        "README.md",
        r"past `--max-states` \(default ([\d,]+)\)",
        ["explore", "--help"],
        ROOT,
        r"--max-states INT:\S*=(\d+)",
    ),
    ("README.md", r"\(`--meta-seed`, default (\d+)\)", ["--help"], ROOT, r"--meta-seed INT=(\d+)"),
    (
        "docs/errors.md",
        r"`mj run` to `--steps (\d+)`",
        ["run", "--help"],
        ROOT,
        r"--steps INT .*?else (\d+)\)",
    ),
    (
        "docs/language/models-xml.md",
        r"no entry runs at 64x64 \(24x24x24 when its rules are 3D\), (\d+) steps, pixel size (\d+)\.",
        ["run", "--help"],
        ROOT,
        r"--steps INT .*?else (\d+)\)|--pixelsize INT .*?else (\d+)\)",
    ),
    (
        "README.md",
        r"Island 800 \(([\d,]+) steps\)",
        ["run", "models/Island.xml", "--size", "800", "--seed", "1", "--no-picture"],
        CORPUS,
        r"Island seed 1: (\d+) steps",
    ),
    (
        "docs/debugger.md",
        r"\| Island 800 × 800 \| ([\d,]+) \|",
        ["run", "models/Island.xml", "--size", "800", "--seed", "1", "--no-picture"],
        CORPUS,
        r"Island seed 1: (\d+) steps",
    ),
    (
        "docs/language/models-xml.md",
        r"an entry that lists none, or no entry, runs seed (\d+)\)",
        ["run", "--help"],
        ROOT,
        r"--seed INT .*?else (\d+)\)",
    ),
    (
        "docs/language/wfc.md",
        r"after undoing ([\d,]+) observations",
        ["run", "--help"],
        ROOT,
        r"after undoing (\d+) observations going on in blocks",
    ),
    (
        "docs/language/wfc.md",
        r"no good seed in (\d+) tries; \.\.\.` \(the corpus's `Escher`",
        ["run", "models/Escher.xml", "--size", "10", "--d", "3", "--seed", "1", "--no-picture"],
        CORPUS,
        r"Escher.xml:\d+: warning: wfc found no good seed in (\d+) tries",
    ),
    (
        "docs/language/extensions.md",
        r"all red with probability \(3/4\)³ = 27/64 = 0\.(\d+)",
        ["explore", "docs/language/examples/WeightsThree.xml", "--length", "3", "--width", "1"],
        ROOT,
        r"0\.(\d+) +RRR",
    ),
    (
        "docs/debugger.md",
        r"MazeGrowth 239 \(([\d,]+) steps\)",
        ["run", "models/MazeGrowth.xml", "--size", "239", "--seed", "1", "--no-picture"],
        CORPUS,
        r"MazeGrowth seed 1: (\d+) steps",
    ),
]

# The pictures of the README and of docs/language/wfc.md: (picture, the mj command that makes it, its folder,
# the file it writes there).
PICTURES = [
    (
        "docs/Apartemazements.png",
        ["run", "models/Apartemazements.xml", "--size", "8", "--d", "3", "--iso", "--pixelsize", "6", "--seed", "3"],
        CORPUS,
        "output/Apartemazements_3.png",
    ),
    ("docs/BacktrackerMaze.png", [], None, "output/BacktrackerMaze_11.png"),
    ("docs/Territories.png", [], None, "output/Territories_3.png"),
    ("docs/RoomsAndLoops.png", [], None, "output/RoomsAndLoops_5.png"),
    # docs/language/wfc.md's Backtracking: Escher at 16, the reference's retries and mj's backtracking
    (
        "docs/escher-16-retries.png",
        ["run", "models/Escher.xml", "--size", "16", "--d", "3", "--seed", "1", "--iso", "--out", "retries"],
        CORPUS,
        "retries/Escher_1.png",
    ),
    (
        "docs/escher-16-backtrack.png",
        ["run", "models/Escher.xml", "--size", "16", "--d", "3", "--seed", "1", "--iso", "--backtrack", "--out"]
        + ["backtrack"],
        CORPUS,
        "backtrack/Escher_1.png",
    ),
]


def numbers(match):
    return [int(g.replace(",", "")) for g in match.groups() if g is not None]


def run_in(mj, args, folder):
    """Runs mj with `args` in a scratch copy of `folder` (an empty scratch folder when `folder` is None), with
    the dimers program and a 64x64 grid all W (W64.txt) in it: (its output, the scratch folder, which the caller
    removes)."""
    scratch = docs_blocks.scratch_copy(folder) if folder else tempfile.mkdtemp(prefix="mj-docs-claim-")
    with open(os.path.join(scratch, "DIMERS.xml"), "w", encoding="utf-8") as f:
        f.write(DIMERS)
    with open(os.path.join(scratch, "W64.txt"), "w", encoding="utf-8") as f:  # a grid all W, as mj run --state
        f.write("DIMERS 64 64 1 0 0\nBW\n" + ("W" * 64 + "\n") * 64)
    done = subprocess.run([mj] + args, cwd=scratch, capture_output=True, text=True, timeout=600)
    return done.stdout + done.stderr, scratch


def command_numbers(mj):
    """The numbers of COMMAND_CLAIMS against their commands' output, and PICTURES against their commands."""
    errors, printed_by = [], {}
    for page, prose, args, folder, printed in COMMAND_CLAIMS:
        with open(os.path.join(ROOT, page), encoding="utf-8") as f:
            written = re.search(prose, " ".join(f.read().split()))  # lines joined: a sentence may wrap
        if not written:
            errors.append(f"{page}: no sentence matches {prose!r} (tests/docs_test.py's COMMAND_CLAIMS)")
            continue
        if (tuple(args), folder) not in printed_by:
            output, scratch = run_in(mj, args, folder)
            shutil.rmtree(scratch, ignore_errors=True)
            printed_by[(tuple(args), folder)] = output
        output = printed_by[(tuple(args), folder)]
        said = [n for m in re.finditer(printed, " ".join(args) + "\n" + output) for n in numbers(m)]
        if numbers(written) != said:
            errors.append(f"{page}: says {numbers(written)}, `mj {' '.join(args)}` prints {said}: {output[-300:]}")
    made = {}
    for picture, args, folder, file in PICTURES:
        if (tuple(args), folder) not in made:
            made[(tuple(args), folder)] = run_in(mj, args, folder)
        output, scratch = made[(tuple(args), folder)]
        fresh = os.path.join(scratch, file)
        if not os.path.exists(fresh):
            errors.append(f"{picture}: `mj {' '.join(args)}` wrote no {file}: {output[-300:]}")
        elif open(fresh, "rb").read() != open(os.path.join(ROOT, picture), "rb").read():
            errors.append(f"{picture} is not what `mj {' '.join(args)}` makes now ({file})")
    for _, scratch in made.values():
        shutil.rmtree(scratch, ignore_errors=True)
    print(
        f"{sum(re.compile(p).groups for _, p, _, _, _ in COMMAND_CLAIMS)} numbers of the docs checked "
        f"against their commands, {len(PICTURES)} pictures made again"
    )
    return errors


def _ignored(name):
    """True for a folder git ignores (a build, a venv, node_modules)."""
    return subprocess.run(["git", "-C", ROOT, "check-ignore", "-q", name], capture_output=True).returncode == 0


def links():
    """Every picture and page that docs/language, docs/tutorial.md and docs/exercises.md link to exists."""
    errors = []
    pages = {os.path.join(LANGUAGE, page): text for page, text in read_pages().items()}
    for name in ("tutorial.md", "exercises.md"):
        with open(os.path.join(ROOT, "docs", name), encoding="utf-8") as f:
            pages[os.path.join(ROOT, "docs", name)] = f.read()
    for path, text in pages.items():
        for target in re.findall(r"\]\(([^)#\s]+)", text):
            if "://" in target:
                continue
            if not os.path.exists(os.path.normpath(os.path.join(os.path.dirname(path), target))):
                errors.append(f"{os.path.relpath(path, ROOT)}: link to {target}, which does not exist")
    return errors


if __name__ == "__main__":
    errors = completeness() + vocabulary() + links() + layout()
    if len(sys.argv) > 1 and sys.argv[1] != "--complete":
        counted = {}
        errors += corpus_numbers()
        errors += command_numbers(os.path.abspath(sys.argv[1]))
        errors += docs.check(sys.argv[1], counted)
        claimed = {name: n for name, n in counted.items() if n}
        print(f"{sum(claimed.values())} claims checked by running {len(claimed)} examples of docs/language")
        problems, ran, _ = docs_blocks.check(os.path.abspath(sys.argv[1]), faces=False)
        errors += problems
        print("code blocks run: " + ", ".join(f"{n} {language}" for language, n in sorted(ran.items())))
    for e in errors:
        print("FAIL", e)
    print("docs: " + ("OK" if not errors else f"{len(errors)} problems"))
    sys.exit(1 if errors else 0)
