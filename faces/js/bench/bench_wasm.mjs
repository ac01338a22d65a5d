#!/usr/bin/env node
// The WebAssembly build against native mj on the benchmark set: every models.xml entry, seeds 1-3,
// load + run through the JS API in one Node process (CPU time), best of ROUNDS. With --against, a
// native mj_bench CSV (its run_ms), entry by entry and in total.
// Usage: node faces/js/bench/bench_wasm.mjs [--rounds 3] [--against mj_bench.csv] [--filter REGEX]
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const rounds = +option("--rounds", 3);
const filter = new RegExp(option("--filter", ""));

// another web build (one configured with -DMJ_WEB_SIMD=OFF, say): MJ_BUILD_WEB=DIR
const { loadMj } = await import(join(resolve(process.env.MJ_BUILD_WEB ?? join(root, "build-web")), "api.mjs"));
const mj = await loadMj();
const walk = (dir) =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
for (const file of walk(join(corpus, "resources")))
  mj.addResource(relative(join(corpus, "resources"), file), readFileSync(file));

const cpuMs = () => process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;
const entries = mj.modelList(readFileSync(join(corpus, "models.xml"), "utf8"));
const best = new Map();
for (let round = 0; round < rounds; round++)
  entries.forEach((entry, index) => {
    if (!filter.test(entry.name)) return;
    const xml = readFileSync(join(corpus, "models", `${entry.name}.xml`), "utf8");
    for (const seed of [1, 2, 3]) {
      const start = cpuMs();
      const model = mj.load(xml, { name: `${entry.name}.xml`, entry });
      model.run(seed, model.settings.steps);
      const ms = cpuMs() - start;
      model.dispose();
      const key = `${index},${seed}`;
      if (!best.has(key) || ms < best.get(key).ms) best.set(key, { name: entry.name, ms });
    }
  });

const total = [...best.values()].reduce((sum, r) => sum + r.ms, 0);
console.log(`wasm: ${best.size} runs, load + run ${total.toFixed(0)} ms CPU`);
const against = option("--against");
if (against) {
  const [header, ...rows] = readFileSync(against, "utf8").trim().split("\n");
  const column = header.split(",").indexOf("run_ms");
  const native = new Map(rows.map((row) => row.split(",")).map((f) => [`${f[0]},${f[2]}`, +f[column]]));
  const byEntry = new Map();
  let wasmSum = 0,
    nativeSum = 0;
  for (const [key, { name, ms }] of best) {
    if (!native.has(key)) continue;
    wasmSum += ms;
    nativeSum += native.get(key);
    const e = byEntry.get(name) ?? { wasm: 0, native: 0 };
    e.wasm += ms;
    e.native += native.get(key);
    byEntry.set(name, e);
  }
  const slowest = [...byEntry]
    .filter(([, e]) => e.native >= 20)
    .sort((a, b) => b[1].wasm / b[1].native - a[1].wasm / a[1].native);
  for (const [name, e] of slowest.slice(0, 10))
    console.log(
      `${name.padEnd(24)} wasm ${e.wasm.toFixed(1).padStart(8)} ms  native ${e.native.toFixed(1).padStart(8)} ms  ${(e.wasm / e.native).toFixed(2)}x`,
    );
  console.log(
    `total: wasm ${wasmSum.toFixed(0)} ms, native ${nativeSum.toFixed(0)} ms: ${(wasmSum / nativeSum).toFixed(2)}x`,
  );
}
