#!/usr/bin/env node
// The golden runs through the WebAssembly build: every ../shared/golden run (or MJ_GOLDEN's) made by
// `node build-web/mj-cli.mjs run ... --state FILE`, compared with the reference's final grid and
// step count byte for byte. Prints "wasm: M/N matched"; fails unless all match.
// Usage: node --test faces/js/tests/conformance.mjs   (MJ_BUILD_WEB: another build; MJ_GOLDEN_FILTER=regex picks runs)
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const build = resolve(process.env.MJ_BUILD_WEB ?? join(root, "build-web"));
const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");
const golden = process.env.MJ_GOLDEN ?? join(root, "..", "shared", "golden");
const filter = new RegExp(process.env.MJ_GOLDEN_FILTER ?? "");
const run = promisify(execFile);

// The golden runs: {file, seed, entry}, the entry of models.xml (index < 1000) or models-extra.xml.
async function goldenRuns() {
  const { loadMj } = await import(join(build, "api.mjs"));
  const mj = await loadMj();
  const main = mj.modelList(readFileSync(join(corpus, "models.xml"), "utf8"));
  const extra = mj.modelList(readFileSync(join(golden, "models-extra.xml"), "utf8"), "models-extra.xml");
  return readdirSync(golden)
    .map((file) => file.match(/^(\d+)_(.+)_(\d+)\.txt$/))
    .filter((m) => m && filter.test(m[0]))
    .map(([file, index, , seed]) => ({ file, seed, entry: +index < 1000 ? main[+index] : extra[+index - 1000] }));
}

// The first line of a failed command's error.
const firstLine = (error) =>
  String(error.stderr || error.message)
    .trim()
    .split("\n")[0];

// Runs one golden run through mj-cli.mjs: null when its state text is the golden one, else what differs.
async function mismatch({ file, seed, entry }, scratch) {
  const state = join(scratch, file);
  const { name, mx, my, mz, steps } = entry;
  // an entry's steps <= 0 is no limit, which --steps says with 0 (it refuses a negative one)
  const flags = {
    length: mx,
    width: my,
    height: mz,
    seed,
    steps: Math.max(steps, 0),
    resources: join(corpus, "resources"),
    state,
  };
  const model = join(corpus, "models", `${name}.xml`);
  const args = [
    "run",
    model,
    ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, String(v)]),
    "--no-picture",
    "-q",
  ];
  try {
    await run(process.execPath, [join(build, "mj-cli.mjs"), ...args], { maxBuffer: 1 << 20 });
    return readFileSync(state, "utf8") === readFileSync(join(golden, file), "utf8") ? null : file;
  } catch (error) {
    return `${file} (${firstLine(error)})`;
  }
}

test("every golden run matches through mj-cli.mjs", async (t) => {
  const scratch = mkdtempSync(join(tmpdir(), "mj-wasm-"));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  const runs = await goldenRuns();
  const queue = [...runs];
  const mismatched = [];
  const workers = Array.from({ length: Math.max(1, cpus().length) }, async () => {
    for (let next; (next = queue.shift());) {
      const problem = await mismatch(next, scratch);
      if (problem) mismatched.push(problem);
    }
  });
  await Promise.all(workers);
  for (const file of mismatched.sort()) console.log(`mismatch: ${file}`);
  console.log(`wasm: ${runs.length - mismatched.length}/${runs.length} matched`);
  assert.ok(runs.length > 0, "no golden runs found");
  assert.deepEqual(mismatched, []);
});
