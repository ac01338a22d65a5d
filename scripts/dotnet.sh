#!/usr/bin/env bash
# Builds the .NET binding with Debian's Mono into build-dotnet/: Mj.dll (faces/dotnet/Runtime, the library), mj-dotnet.exe
# (faces/dotnet/Console, test tools: `face`, `golden`, `errors`, `memory`, `bench`), mj-dotnet-tests.exe, and libmj.so beside
# them, where Mono's DllImport("mj") looks first (elsewhere: put it on LD_LIBRARY_PATH).
# libmj.so comes from the CMake build in $MJ_BUILD_DIR (default build/), built here if it is not already.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh dotnet
build=${MJ_BUILD_DIR:-build}
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target mj_c mj_cli >/dev/null
out=build-dotnet
mkdir -p "$out"
# C# 7 and .NET Standard 2.0's API only, as Unity compiles it.
mcs -langversion:7 -target:library -warnaserror -out:"$out/Mj.dll" faces/dotnet/Runtime/*.cs
mcs -langversion:7 -target:exe -warnaserror -out:"$out/mj-dotnet.exe" -r:"$out/Mj.dll" -r:System.Xml.dll \
  faces/dotnet/Console/*.cs
mcs -langversion:7 -target:exe -warnaserror -out:"$out/mj-dotnet-tests.exe" -r:"$out/Mj.dll" faces/dotnet/tests/*.cs
cp -L "$build/capi/libmj.so" "$out/libmj.so"
echo "built $out/Mj.dll, $out/mj-dotnet.exe (mono $out/mj-dotnet.exe face MODEL.xml SEED OUT) with $out/libmj.so"
