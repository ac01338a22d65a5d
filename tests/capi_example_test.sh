#!/usr/bin/env bash
# Installs mj into a scratch prefix, then compiles examples/c/maze.c as C11 against the INSTALLED libmj.so with
# pkg-config (mj.pc), runs it, and checks what it prints and writes.
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
export PKG_CONFIG_PATH=$(dirname "$(find "$work/prefix" -name mj.pc)")
libdir=$(pkg-config --variable=libdir mj)
[ -e "$libdir/libmj.so.0" ] || { echo "no libmj.so.0 in $libdir"; exit 1; }
cc -std=c11 -Wall -Wextra -pedantic -Werror "$source/examples/c/maze.c" $(pkg-config --cflags --libs mj) \
  -Wl,-rpath,"$libdir" -o "$work/maze"
# Linked against the installed copy, not the build tree's. (grep reads all of ldd's output: with -q it would stop
# at the match and ldd, still writing, could die of SIGPIPE, which pipefail counts as a failure: it did once.)
ldd "$work/maze" | grep -F "$libdir/libmj.so.0" >/dev/null || { ldd "$work/maze"; exit 1; }
mkdir "$work/out"
out=$("$work/maze" "$work/out")
echo "$out" | tail -2
echo "$out" | head -1 | grep -qx "mj $(pkg-config --modversion mj)"
echo "$out" | grep -qx "49 steps"
echo "$out" | grep -qx "finished, seed 1, progress saw [0-9]* steps"
# The maze fills the grid: 7x7 junction cells of 15x15, so 49 W cells (as examples/consumer's).
[ "$(echo "$out" | sed -n 2,16p | tr -cd 'W' | wc -c)" -eq 49 ]
# A PNG, whole.
[ "$(head -c 8 "$work/out/maze_1.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
echo "$out" | grep -q "^error 1 at broken.xml line 2: malformed XML"
