#!/usr/bin/env bash
# Runs every example of the language reference (docs/language/examples/*.xml) through mj and writes
# its picture to docs/language/pictures/NAME_SEED.png. MJ=path/to/mj to choose the binary; otherwise
# build/mj, build-docs/mj, or mj on the PATH.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mj="${MJ:-}"
if [[ -z "$mj" ]]; then
  for candidate in "$root/build/mj" "$root/build-docs/mj" "$(command -v mj || true)"; do
    if [[ -n "$candidate" && -x "$candidate" ]]; then mj="$candidate"; break; fi
  done
fi
[[ -n "$mj" ]] || { echo "no mj found: build it (cmake --build build --target mj_cli) or set MJ=" >&2; exit 1; }
exec /usr/bin/python3 "$root/scripts/docs.py" write "$mj"
