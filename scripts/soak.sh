#!/usr/bin/env bash
# Memory soak: one process loading and running the corpus' small entries MJ_SOAK_RUNS times (default
# 10,000; bench/soak.cpp), then `mj -j 2` over a models.xml of 500 runs: four rounds of 125 of the same
# entries, its resident memory sampled every 20 ms. Fails when either grows (mj_soak: by more than 2 MiB
# after its warm round; mj: the last round's peak above the second's, the first warm one, by more than
# 10%: glibc keeps some freed pages of its second arena, which levels off). Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=$(cd "${MJ_CORPUS:-../shared/corpus}" && pwd)
bash scripts/deps.sh
cmake -S . -B build -G Ninja >/dev/null
cmake --build build -j2 --target mj_soak mj_cli
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
build/bench/mj_soak --corpus "$corpus" --runs "${MJ_SOAK_RUNS:-10000}" --list "$out/models.xml" --list-runs 500
ln -s "$corpus/models" "$out/models"
ln -s "$corpus/resources" "$out/resources"
build/mj "$out/models.xml" -j 2 --out "$out/output" -q &
pid=$!
: >"$out/rss"
while kill -0 "$pid" 2>/dev/null; do
  awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null >>"$out/rss" || true
  sleep 0.02
done
wait "$pid"
/usr/bin/python3 - "$out/rss" "$(ls "$out/output" | wc -l)" <<'PY'
import sys
samples = [int(line) for line in open(sys.argv[1]) if line.strip()]
quarter = max(1, len(samples) // 4)  # the rounds take about the same time each
peaks = [max(samples[k * quarter:(k + 1) * quarter] or samples[-1:]) for k in range(4)]
print(f"mj -j 2: {sys.argv[2]} pictures, {len(samples)} samples of resident memory; peak of each round (KiB): "
      f"{', '.join(map(str, peaks))}; end {samples[-1]} KiB")
sys.exit(1 if peaks[3] > peaks[1] * 1.1 else 0)
PY
