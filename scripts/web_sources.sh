#!/usr/bin/env bash
# The C sources of mj's libraries for the WebAssembly build, from Debian source packages (no other
# download): zlib, libpng, giflib and pugixml, extracted into DIR/{zlib,libpng,giflib,pugixml}.
# Adds a deb-src entry for Debian's own suites when none is configured.
set -euo pipefail
dir=${1:?usage: web_sources.sh DIR}
mkdir -p "$dir"
cd "$dir"
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
packages=(zlib:zlib libpng:libpng1.6 giflib:giflib pugixml:pugixml)
missing=0
for entry in "${packages[@]}"; do [ -d "${entry%%:*}" ] || missing=1; done
[ $missing -eq 0 ] && exit 0
if ! grep -rqs "deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  $sudo tee /etc/apt/sources.list.d/mj-deb-src.sources >/dev/null <<'SOURCES'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  $sudo apt-get update -qq
fi
for entry in "${packages[@]}"; do
  name=${entry%%:*} source=${entry#*:}
  [ -d "$name" ] && continue
  rm -rf "$source"-[0-9]*/
  apt-get source -qq "$source" >/dev/null 2>&1 || apt-get source "$source"
  mv "$(ls -d "$source"-[0-9]*/ | head -1)" "$name"
  rm -f "$source"_*
done
