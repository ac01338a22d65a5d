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
   (web/playground/build/help_bundle.mjs, everyAttribute): the same attributes at the same places, the same notes.
5. The README's layout table names every public header, every top folder and every folder of src/.
6. Every XML, JSON and `mj` command-line block of the README and docs/ runs as written (tests/docs_blocks.py; its
   --faces run, at the end of scripts/test.sh, runs the Python, C, C++, JavaScript and C# blocks).

    python3 tests/docs_test.py MJ            # all three
    python3 tests/docs_test.py --complete    # 2, 3 and 5 only (no mj needed)
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import docs  # noqa: E402

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
