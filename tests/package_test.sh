#!/usr/bin/env bash
# The Debian package: cpack makes it from the build, lintian finds no error in it, its control fields and
# copyright are there, it unpacks into a scratch root, and what it holds works there: `mj` runs a model, and
# examples/consumer builds with find_package(mj) against it.
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && cpack --config "$build/CPackConfig.cmake" -B "$work/package" >/dev/null)
deb=$(ls "$work"/package/mj_*.deb)
version=$(sed -n 's/.*kVersion = "\([0-9.]*\)".*/\1/p' "$source/include/mj/version.hpp")
[ "$(dpkg-deb -f "$deb" Package)" = mj ]
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || { echo "package version is not $version"; exit 1; }
depends=$(dpkg-deb -f "$deb" Depends)
for needed in libpng-dev 'libc6 ' libstdc++6 'libpng16-16 ' libgif7; do  # the -dev ones, and the run's
  grep -q "$needed" <<<"$depends" || { echo "the package does not depend on $needed: $depends"; exit 1; }
done
[ -n "$(dpkg-deb -f "$deb" Homepage)" ] || { echo "the package has no Homepage"; exit 1; }
command -v lintian >/dev/null || { echo "lintian is not installed: bash scripts/deps.sh"; exit 1; }
lintian --fail-on error --tag-display-limit 0 "$deb" >"$work/lintian.txt" 2>&1 || {
  cat "$work/lintian.txt"; echo "lintian found errors in the package"; exit 1; }
cat "$work/lintian.txt"
echo "lintian: $(grep -c '^E:' "$work/lintian.txt") errors, $(grep -c '^W:' "$work/lintian.txt") warnings"
root=$work/root
dpkg-deb -x "$deb" "$root"
grep -q "Copyright: 2022 Maxim Gumin" "$root/usr/share/doc/mj/copyright" || { echo "no reference notice"; exit 1; }
arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
for f in bin/mj include/mj/model.hpp include/mj/run_control.hpp include/mj/run_settings.hpp "lib/$arch/libmj.a" "lib/$arch/libmj_core.a" \
  "lib/$arch/libmj.so.0" mjConfig.cmake; do
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
