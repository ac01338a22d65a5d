"""A face converts arguments and results and decides nothing: the library (src/, include/mj/) says
every default, limit and message once (include/mj/defaults.hpp, which every face reads). This test fails
when a face restates one of them in faces/ (every face) or playground/ (their tests left out): the
step limits 50000 and 1000000, the default sides 64 and 24, the pixel size 4, the seed 1, the folder
"output", the history bound 256 MiB, the progress interval 100 ms, the GIF frame bound 5000, "finished" made
of started and ended (mj::RunStatus::finished), or a message the library words (in a throw, or the words
SettingNames gives a message's placeholders).

    python3 tests/restated_test.py [ROOT]
"""

import re
import sys
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1])
FACES = ["faces", "playground"]
SOURCES = {".c", ".h", ".cpp", ".hpp", ".cs", ".py", ".pyi", ".js", ".mjs", ".ts", ".html"}
# Not a face's own code: tests, what a build or npm makes, third-party code.
SKIPPED = {"tests", "test", "node_modules", "__pycache__", "dist", "build", "vendor", ".venv"}

NUMBER = r"(?<![\w.])(?:{})(?![\w.])"
# A default or limit, and how to tell it from the same digits meaning something else.
LITERALS = [
    ("the step limit 50000", re.compile(NUMBER.format(r"50_?000|50,000")), None),
    ("the limit 1000000", re.compile(NUMBER.format(r"1_?000_?000|1,000,000|1e6")), None),
    (
        "a default side (64 or 24)",
        re.compile(r"(?<![\w.^])(?<!<< )(?:64|24)(?![\w.])"),  # not 2^24, 1 << 24: powers are limits of their own
        re.compile(r"(?i)\bsize|\bsides?\b|dimension|\bm[xyz]\b|default"),
    ),
    ("the pixel size 4", re.compile(NUMBER.format(r"4")), re.compile(r"(?i)pixel")),
    # A seed given a default (`seed = 1`, `Seed = 1;`, `seed: int = 1`, a seed box's value="1"), not a loop's start
    # or a call's argument (`run(seed=1)`).
    (
        "the default seed 1",
        re.compile(r"(?i)(?<!int )\bseed\w*(?:\s*:\s*\w+)?\s+=\s+1(?![\w.])|id=\"seed\"[^>]*value=\"1\""),
        None,
    ),
    ("the output folder", re.compile(r"""(?i)\bout\w*\s*(?::[^=]*)?=\s*["']output["']"""), None),
    ("the history bound 256 MiB", re.compile(r"256\s*<<\s*20|268_?435_?456"), None),
    ("the progress interval 100 ms", re.compile(NUMBER.format(r"100")), re.compile(r"(?i)progress|interval")),
    ("the GIF frame bound 5000", re.compile(NUMBER.format(r"5_?000|5,000")), re.compile(r"(?i)frame")),
    # A power of two as a bound (the largest grid 2^28 cells, a picture's 2^28 pixels, 2^24, 2^30...), however
    # written: 2^28, 2**28, 1 << 28, 268435456 (the history's 256 << 20 is the line above).
    (
        "a power of two the library bounds by",
        re.compile(
            r"(?<![\w.])(?:2\s*(?:\^|\*\*)\s*(?:1[6-9]|2\d|30)|1L{0,2}\s*<<\s*(?:1[6-9]|2\d|30))(?![\w.])|"
            + NUMBER.format("|".join(f"{2**n}|{2**n:_}|{2**n:,}" for n in range(16, 31)))
        ),
        None,
    ),
    # The free cell of pins and goals (mj::kFreeCell): 255 or 0xFF where a line speaks of pins, goals or free cells.
    ("the free cell 255", re.compile(NUMBER.format(r"255|0[xX][fF][fF]")), re.compile(r"(?i)free|\bpins?\b|goal")),
    # "finished" as "not started, or ended": RunStatus::finished says it (a `started && !ended` is another question).
    (
        "finished from started and ended",
        re.compile(
            r"""(?i)(?:!|\bnot\s+)[\w.\[\]"'()]*started\b[^;]*(?:\|\||\bor\b)[^;]*ended|"""
            r"""ended\b[^;]*(?:\|\||\bor\b)\s*(?:!|\bnot\s+)[\w.\[\]"'()]*started\b"""
        ),
        None,
    ),
]

# The library's messages: the words of every literal thrown with a file, a setting or as an argument.
THROW = re.compile(r"(?:Error|argument_error|fail)\(([^;]*?)\);", re.S)
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
# Shorter pieces ("is not an integer", "must be at least") are too common to be a restated message.
MIN_WORDS, MIN_CHARACTERS = 4, 20
# Lines whose digits are not the library's: (file, text on the line, why). Keep this list tiny.
TOLERATED = [
    ("faces/dotnet/Console/Program.cs", "Nanoseconds / 1e6", "nanoseconds per millisecond"),
    ("playground/share.js", "xml: 1_000_000", "the page's bound on a shared link's model text"),
    ("faces/cli/freed_memory.cpp", "M_MMAP_THRESHOLD, 1 << 30", "glibc's mmap threshold, the CLI's own"),
    # The page's stricter bounds, named and explained in one place (playground/limits.js).
    ("playground/limits.js", "2 ** 24", "the page's stricter cell limit"),
    ("playground/limits.js", "cells: 2 ** 26", "the brushes' undo list"),
]


# A placeholder a face's SettingNames fills ({setting}, {depth}, {only_whether}): a message's pieces lie between.
PLACEHOLDER = re.compile(r"\{\w+\}")
# The words include/mj/error.hpp gives a placeholder (`only_whether = "..."`): a face rewording them restates them.
DEFAULT_WORDS = re.compile(r'\b\w+ = ("(?:[^"\\]|\\.)*")')


def add_pieces(messages, text):
    for piece in PLACEHOLDER.split(text):
        piece = piece.replace('\\"', '"').strip(" :,.()'\"<>")
        if len(piece.split()) >= MIN_WORDS and len(piece) >= MIN_CHARACTERS:
            messages.add(piece)


def library_messages():
    messages = set()
    for file in (ROOT / "src").rglob("*.cpp"):
        for call in THROW.finditer(file.read_text(encoding="utf-8")):
            for text in LITERAL.findall(call.group(1)):
                add_pieces(messages, text)
    for words in DEFAULT_WORDS.findall((ROOT / "include/mj/error.hpp").read_text(encoding="utf-8")):
        add_pieces(messages, words[1:-1])
    return messages


def face_files():
    for face in FACES:
        for file in sorted((ROOT / face).rglob("*")):
            parts = set(file.relative_to(ROOT).parts)
            if file.suffix in SOURCES and file.is_file() and not parts & SKIPPED and not file.name.startswith("test"):
                yield file


def restatements():
    messages = library_messages()
    assert len(messages) > 50, f"only {len(messages)} messages found in src/: has the library's throw changed?"
    found = []
    for file in face_files():
        for number, line in enumerate(file.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            where = f"{file.relative_to(ROOT)}:{number}"
            if any(str(file.relative_to(ROOT)) == f and text in line for f, text, _ in TOLERATED):
                continue
            for what, literal, context in LITERALS:
                if literal.search(line) and (context is None or context.search(line)):
                    found.append(f"{where}: {what}: {line.strip()}")
            for message in messages:
                if message in line:
                    found.append(f'{where}: the library\'s message "{message}": {line.strip()}')
    return found


def main():
    found = restatements()
    for line in found:
        print(line)
    print(f"{len(found)} restatements of the library in {', '.join(FACES)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
