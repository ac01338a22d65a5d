#!/usr/bin/env python3
"""Counts of the reference corpus that the docs quote, computed from its files.

    python3 scripts/corpus_counts.py [CORPUS]     # default: ../shared/corpus beside the repository (or MJ_CORPUS)

Every program of models/ is parsed as XML, so a node inside an XML comment is not counted and a node written
without attributes is: `<one>` counts as much as `<one in="B" out="W"/>`. Prints one `name count` a line:
    node:KIND       elements <KIND> over every file of models/ (node kinds, <rule>, <field>, <observe>, <union>)
    model_files     files in models/
    entries         <model> entries of models.xml (comments left out)
    programs        different programs those entries name
    golden_runs     the reference's runs in the golden folder (N_NAME_SEED.txt, as tests/conformance.cpp finds them:
                    ../shared/golden, or MJ_GOLDEN)
tests/docs_test.py compares the numbers the docs give with these.
"""
import collections
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_corpus():
    return os.environ.get("MJ_CORPUS", os.path.join(os.path.dirname(ROOT), "shared", "corpus"))


def default_golden():
    return os.environ.get("MJ_GOLDEN", os.path.join(os.path.dirname(ROOT), "shared", "golden"))


def counts(corpus, golden=None):
    """{name: count} for the corpus folder (its models.xml and models/)."""
    found = collections.Counter()
    files = sorted(glob.glob(os.path.join(corpus, "models", "*.xml")))
    for path in files:
        for element in ET.parse(path).getroot().iter():
            found["node:" + element.tag] += 1
    entries = [e.get("name") for e in ET.parse(os.path.join(corpus, "models.xml")).getroot().iter("model")]
    found["model_files"] = len(files)
    found["entries"] = len(entries)
    found["programs"] = len(set(entries))
    golden = golden or default_golden()
    if os.path.isdir(golden):
        found["golden_runs"] = sum(1 for f in os.listdir(golden) if re.fullmatch(r"\d+_.+_\d+\.txt", f))
    return dict(found)


if __name__ == "__main__":
    corpus = sys.argv[1] if len(sys.argv) > 1 else default_corpus()
    for name, n in sorted(counts(corpus).items()):
        print(name, n)
