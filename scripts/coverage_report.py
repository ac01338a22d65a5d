#!/usr/bin/env python3
"""Coverage of src/ from an llvm-cov profile: line and branch coverage per folder and per loader file, and the
loader lines that no input reached. Markdown on stdout (scripts/coverage.sh keeps it in build-coverage/).

Usage: coverage_report.py PROFDATA BINARY... [--title T]
"""
import argparse
import collections
import json
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[1]
LLVM_COV = "llvm-cov-14"

# The code that reads input: XML, rule strings and pictures, palettes, model lists, tilesets and node attributes.
LOADERS = [
    "core/file_bytes.cpp", "core/xml.cpp", "core/rule.cpp", "core/symmetry.cpp",
    "io/formats/png_read.cpp", "io/formats/vox_read.cpp", "io/render/palette.cpp", "io/formats/model_list.cpp", "io/formats/picture_cells.cpp",
    "nodes/registry.cpp", "nodes/rule_load.cpp", "nodes/rule_pattern.cpp", "nodes/rule_node_load.cpp",
    "nodes/wfc/tileset.cpp", "nodes/wfc/tile.cpp",
]


def llvm_cov(verb, profile, binaries, *extra):
    objects = [binaries[0]] + [arg for b in binaries[1:] for arg in ("-object", b)]
    command = [LLVM_COV, verb, f"-instr-profile={profile}", *objects, *extra]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def source_name(path):
    """src/-relative name of a file of src/, else None (tests, tools, system headers)."""
    try:
        return pathlib.Path(path).resolve().relative_to(ROOT / "src").as_posix()
    except ValueError:
        return None


def summaries(profile, binaries):
    data = json.loads(llvm_cov("export", profile, binaries, "-summary-only"))["data"][0]["files"]
    return {name: f["summary"] for f in data if (name := source_name(f["filename"]))}


def percent(part):
    return f"{100 * part['covered'] / part['count']:.1f}%" if part["count"] else "-"


def table(rows, first):
    out = [f"| {first} | lines | line coverage | branches | branch coverage |", "| --- | ---: | ---: | ---: | ---: |"]
    for name, s in rows:
        out.append(f"| {name} | {s['lines']['covered']}/{s['lines']['count']} | {percent(s['lines'])} | "
                   f"{s['branches']['covered']}/{s['branches']['count']} | {percent(s['branches'])} |")
    return out


def added(parts):
    total = {kind: {"count": 0, "covered": 0} for kind in ("lines", "branches")}
    for s in parts:
        for kind in total:
            for key in ("count", "covered"):
                total[kind][key] += s[kind][key]
    return total


def unreached(profile, binaries, files):
    """Ranges of lines with a count of 0 in each file, with the first line's text."""
    text = llvm_cov("show", profile, binaries, "-show-line-counts", "-use-color=0",
                    *[str(ROOT / "src" / f) for f in files])
    ranges, current = collections.defaultdict(list), None
    for line in text.splitlines():
        if line.startswith("/"):
            current = source_name(line.rstrip(":"))
            continue
        m = re.match(r"\s*(\d+)\|\s*0\|(.*)", line)
        if m and current:
            number, code = int(m[1]), m[2].strip()
            spans = ranges[current]
            if spans and spans[-1][1] == number - 1:
                spans[-1][1] = number
            else:
                spans.append([number, number, code])
    return ranges


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile")
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--title", default="coverage")
    args = parser.parse_args()
    files = summaries(args.profile, args.binaries)
    folders = collections.defaultdict(list)
    for name, s in files.items():
        parent = pathlib.PurePosixPath("src", name).parent
        folders[str(parent)].append(s)
    lines = [f"# Coverage: {args.title}", ""]
    lines += table([(f"`{folder}/`", added(parts)) for folder, parts in sorted(folders.items())]
                   + [("**all of src/**", added(files.values()))], "folder")
    present = [f for f in LOADERS if f in files]
    lines += ["", "Loaders:", ""]
    lines += table([(f"`{f}`", files[f]) for f in present] + [("**loaders**", added(files[f] for f in present))],
                   "file")
    lines += ["", "Loader lines no input reached:", ""]
    for name, spans in unreached(args.profile, args.binaries, present).items():
        for first, last, code in spans:
            where = f"{first}" if first == last else f"{first}-{last}"
            lines.append(f"- `{name}:{where}` `{code[:80]}`")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
