#!/usr/bin/env bash
# Installs mj into a temporary prefix, then configures, builds and runs examples/consumer against it.
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$source/examples/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build" >/dev/null
out=$("$work/build/consumer")
echo "$out" | tail -1
echo "$out" | grep -q "^[0-9]* steps$"
# The maze fills the grid: 7x7 junction cells of 15x15, so 49 W cells.
[ "$(echo "$out" | head -15 | tr -cd 'W' | wc -c)" -eq 49 ]
