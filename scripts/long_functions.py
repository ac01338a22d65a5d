#!/usr/bin/env python3
"""Lists the C++ functions longer than a limit (default 40 lines), longest first, and their count.

    python3 scripts/long_functions.py [--max 40] [PATH ...]   (default: src include faces)

A function's length runs from the line of its name (a `template <...>` line before it not counted) to its
closing brace, as a reader scrolls it. Found by a brace scan of the code with comments and literals blanked:
a brace opens a function body where it follows a parameter list at namespace or class level. It relies on
the repository's clang-format layout (a member initialiser's brace `x_{...}` touches its name, a body's
brace stands after a space).
"""
import argparse
import re
import sys
from pathlib import Path

SUFFIXES = {".cpp", ".hpp", ".h", ".cc"}


def blank(text):
    """The text with comments, preprocessor lines, string and character literals replaced by spaces (newlines kept)."""
    out = list(text)
    i, n = 0, len(text)

    def clear(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        line_start = text.rfind("\n", 0, i) + 1
        if c == "#" and text[line_start:i].strip() == "":  # a directive, to its last line
            j = i
            while True:
                j = text.find("\n", j)
                if j < 0 or text[j - 1] != "\\":
                    break
                j += 1
            j = n if j < 0 else j
            clear(i, j)
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            clear(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            clear(i, j)
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i)
            delim_start = i + 2
            delim = text[delim_start:open_paren]
            j = text.find(")" + delim + '"', open_paren)
            j = n if j < 0 else j + len(delim) + 2
            clear(i, j)
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # a digit separator: 1'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            clear(i + 1, j)
            i = j + 1
        else:
            i += 1
    return "".join(out)


def classify(header):
    """What a brace after `header` opens: namespace, class, function or other."""
    h = header.strip()
    if re.match(r"^(inline\s+)?namespace\b", h) or h.startswith("extern"):
        return "namespace"
    if re.search(r"(^|\s|>)(class|struct|union|enum)\b[^()=]*$", h):
        return "class"
    if header.endswith((" ", "\n")) and re.search(r"\)", h) and not re.search(r"=\s*$", h):
        return "function"
    return "other"


def name_line(text, start):
    """The line of a function's header, past a leading `template <...>`."""
    i = start
    while i < len(text) and text[i].isspace():
        i += 1
    if text.startswith("template", i):
        depth, j = 0, text.find("<", i)
        while j < len(text):
            depth += {"<": 1, ">": -1}.get(text[j], 0)
            j += 1
            if depth == 0:
                break
        i = j
        while i < len(text) and text[i].isspace():
            i += 1
    return text.count("\n", 0, i) + 1, i


def functions(path):
    """(first line, last line, name) of each function defined in the file."""
    text = blank(path.read_text(encoding="utf-8", errors="replace"))
    stack, found = [], []
    boundary = 0  # where the current declaration began: after the last ; { or } at this level
    for i, c in enumerate(text):
        inside = bool(stack) and stack[-1][0] in ("function", "inner")
        if c == "{":
            kind = "inner" if inside else classify(text[boundary:i])
            if kind == "other" and not inside and re.search(r"\w$", text[boundary:i]):
                kind = "init"  # a member initialiser x_{...}: the declaration goes on after it
            stack.append((kind, boundary))
            if kind != "init":
                boundary = i + 1
        elif c == "}" and stack:
            kind, start = stack.pop()
            if kind == "function":
                first, at = name_line(text, start)
                name = re.match(r"[^(]*", text[at:]).group(0).split()
                found.append((first, text.count("\n", 0, i) + 1, name[-1] if name else "?"))
            boundary = start if kind == "init" else i + 1
        elif c == ";" and not inside:
            boundary = i + 1
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=40, help="the longest a function may be, in lines")
    parser.add_argument("paths", nargs="*", default=["src", "include", "faces"])
    args = parser.parse_args()
    files = []
    for p in map(Path, args.paths):
        files += [p] if p.is_file() else sorted(f for f in p.rglob("*") if f.suffix in SUFFIXES)
    long = []
    for f in files:
        for first, last, name in functions(f):
            if last - first + 1 > args.max:
                long.append((last - first + 1, f"{f}:{first}", name))
    for length, where, name in sorted(long, key=lambda x: (-x[0], x[1])):
        print(f"{length:4d}  {where}  {name}")
    print(f"{len(long)} functions over {args.max} lines")


if __name__ == "__main__":
    sys.exit(main())
