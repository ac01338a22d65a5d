#!/usr/bin/env node
// The golden runs through the WebAssembly build: every ../shared/golden run (or MJ_GOLDEN's) made by
// `node build-web/mj-cli.mjs run ... --state FILE`, compared with the reference's final grid and
// step count byte for byte. Prints "wasm: M/N matched"; exits 1 unless all match.
// Usage: node web/tests/conformance.mjs [BUILD_WEB_DIR]   (MJ_GOLDEN_FILTER=regex picks runs)
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const root = resolve(new URL("../..", import.meta.url).pathname);
const build = resolve(process.argv[2] ?? join(root, "build-web"));
const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");
const golden = process.env.MJ_GOLDEN ?? join(root, "..", "shared", "golden");
const filter = new RegExp(process.env.MJ_GOLDEN_FILTER ?? "");
const run = promisify(execFile);

const { loadMj } = await import(join(build, "api.mjs"));
const mj = await loadMj();
const main = mj.modelList(readFileSync(join(corpus, "models.xml"), "utf8"));
const extra = mj.modelList(readFileSync(join(golden, "models-extra.xml"), "utf8"), "models-extra.xml");

const runs = readdirSync(golden)
  .map((file) => file.match(/^(\d+)_(.+)_(\d+)\.txt$/))
  .filter((m) => m && filter.test(m[0]))
  .map(([file, index, , seed]) => ({ file, seed, entry: +index < 1000 ? main[+index] : extra[+index - 1000] }));

const scratch = mkdtempSync(join(tmpdir(), "mj-wasm-"));
const mismatched = [];
async function check({ file, seed, entry }) {
  const state = join(scratch, file);
  const args = [join(build, "mj-cli.mjs"), "run", join(corpus, "models", `${entry.name}.xml`), "--length", entry.mx,
    "--width", entry.my, "--height", entry.mz, "--seed", seed, "--steps", entry.steps, "--resources",
    join(corpus, "resources"), "--no-picture", "--state", state, "-q"].map(String);
  try {
    await run(process.execPath, args, { maxBuffer: 1 << 20 });
    if (readFileSync(state, "utf8") !== readFileSync(join(golden, file), "utf8")) mismatched.push(file);
  } catch (error) {
    mismatched.push(`${file} (${String(error.stderr || error.message).trim().split("\n")[0]})`);
  }
}

const queue = [...runs];
const workers = Array.from({ length: Math.max(1, cpus().length) }, async () => {
  for (let next; (next = queue.shift()); ) await check(next);
});
await Promise.all(workers);
rmSync(scratch, { recursive: true, force: true });
for (const file of mismatched.sort()) console.log(`mismatch: ${file}`);
console.log(`wasm: ${runs.length - mismatched.length}/${runs.length} matched`);
process.exit(mismatched.length === 0 && runs.length > 0 ? 0 : 1);
