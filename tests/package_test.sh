#!/usr/bin/env bash
# The Debian package: cpack makes it from the build, it unpacks into a scratch root, and what it holds
# works there: `mj` runs a model, and examples/consumer builds with find_package(mj) against it.
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && cpack --config "$build/CPackConfig.cmake" -B "$work/package" >/dev/null)
deb=$(ls "$work"/package/mj_*.deb)
version=$(sed -n 's/.*kVersion = "\([0-9.]*\)".*/\1/p' "$source/include/mj/version.hpp")
[ "$(dpkg-deb -f "$deb" Package)" = mj ]
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || { echo "package version is not $version"; exit 1; }
dpkg-deb -f "$deb" Depends | grep -q libpng-dev
root=$work/root
dpkg-deb -x "$deb" "$root"
for f in bin/mj include/mj/interpreter.hpp include/mj/run_settings.hpp libmj.a libmj_core.a mjConfig.cmake; do
  [ -n "$(find "$root/usr" -path "*/$f")" ] || { echo "the package lacks $f"; exit 1; }
done
[ "$("$root/usr/bin/mj" --version)" = "mj $version" ]
printf '<one values="BW" in="B" out="W"/>\n' > "$work/M.xml"
(cd "$work" && "$root/usr/bin/mj" run M.xml --size 5 --state state.txt --no-picture -q)
[ "$(sed -n 3p "$work/state.txt")" = WWWWW ] || { echo "mj from the package ran wrong"; exit 1; }
cmake -S "$source/examples/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$root/usr" >/dev/null
cmake --build "$work/consumer" >/dev/null
"$work/consumer/consumer" | tail -1 | grep -q "^[0-9]* steps$"
echo "package $(basename "$deb"): $(dpkg-deb -c "$deb" | wc -l) entries; mj and the consumer run from it"
