#!/usr/bin/env python3
"""The gallery (docs/gallery.md, docs/gallery/) is complete and current (scripts/gallery.py check).

1. Every entry of models/demo.xml and of the corpus's models.xml (MJ_CORPUS, default ../shared/corpus from the
   repository; without it, mj's own entries only) has a row in docs/gallery.md and its thumbnail in
   docs/gallery/, and no thumbnail belongs to no entry.
2. A few cheap entries (scripts/gallery.py's CHECKED: a 2D one of each group and a 3D one) re-run through mj
   make their thumbnails byte for byte. Every entry is not re-run: bash scripts/gallery.sh does that.

    python3 tests/gallery_test.py MJ    # both
    python3 tests/gallery_test.py       # 1 only (no mj needed)
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import gallery  # noqa: E402

if __name__ == "__main__":
    problems = gallery.check(sys.argv[1] if len(sys.argv) > 1 else None)
    for p in problems:
        print("FAIL", p)
    print("gallery: " + ("OK" if not problems else f"{len(problems)} problems"))
    sys.exit(1 if problems else 0)
