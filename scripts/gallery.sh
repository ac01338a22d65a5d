#!/usr/bin/env bash
# Runs every entry of models/demo.xml and of the corpus's models.xml through mj and writes the gallery:
# docs/gallery/{own,corpus}/*.png and docs/gallery.md (scripts/gallery.py). MJ=path/to/mj to choose the binary
# (otherwise build/mj or mj on the PATH); MJ_CORPUS=folder for the corpus (otherwise ../shared/corpus).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exec /usr/bin/python3 "$root/scripts/gallery.py" write ${MJ:+"$MJ"}
