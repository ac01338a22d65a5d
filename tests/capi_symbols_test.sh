#!/usr/bin/env bash
# libmj.so exports the C interface and nothing else (no C++ symbol of mj's or of the standard library's), and
# its soname carries the major version.
set -euo pipefail
lib=$1
symbols=$(nm -D --defined-only "$lib" | awk '{print $3}')
others=$(echo "$symbols" | grep -v '^mj_' || true)
[ -z "$others" ] || { echo "exported beside mj_*:"; echo "$others" | head -20; exit 1; }
count=$(echo "$symbols" | grep -c '^mj_')
[ "$count" -ge 30 ] || { echo "only $count mj_ symbols"; exit 1; }
objdump -p "$lib" | grep "SONAME *libmj\.so\.[0-9]*$" >/dev/null  # not -q: objdump would die of SIGPIPE
echo "$count symbols, all mj_*"
