#!/usr/bin/env node
// The npm package: `npm pack` of build-web/package gives markovjunior-VERSION.tgz (the version the library's),
// which installs offline into a new project, runs a model from Node as native `mj run` does, and whose types
// compile a TypeScript consumer.
// Usage: node --test faces/js/tests/package.mjs   (needs build-web: scripts/web.sh, build/mj or MJ_CLI)
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const mjCli = process.env.MJ_CLI ?? join(root, "build", "mj");
const packageDir = join(root, process.env.MJ_BUILD_WEB ?? "build-web", "package");
const version = readFileSync(join(root, "include", "mj", "version.hpp"), "utf8").match(/kVersion = "([^"]+)"/)[1];
const npm = (cwd, ...args) => execFileSync("npm", [...args, "--no-audit", "--no-fund"], { cwd, encoding: "utf8" });

// A consumer of the installed package: GrowthMaze at 21 x 21, seed 5, its state text on stdout.
const consumer = `import { readFileSync } from "node:fs";
import { loadMj } from "markovjunior";
const mj = await loadMj();
const model = mj.load(readFileSync(process.argv[2], "utf8"), { size: 21, name: "GrowthMaze.xml" });
model.run(5);
process.stdout.write(model.stateText("GrowthMaze"));
`;

// The same in TypeScript, touching each part of the types.
const typed = `import { loadMj, MjError, WorldWorker, type Grid, type ModelEntry, type RunEnd, type WorldRegion } from "markovjunior";
const mj = await loadMj({ settingNames: { maxCells: "the Cells box" } });
const entries: ModelEntry[] = mj.modelList("<models/>");
const model = mj.load("<one values='BW' in='B' out='W'/>", { size: [4, 4], colors: { B: 0x000000 } });
const taken: number = model.run(1, 100) + model.step();
const end: RunEnd = model.advance({ steps: 5, ms: 10 });
const [mx, my, mz] = model.settings.size;
const grid: Grid = model.grid();
const cells: Uint8Array = grid.cells;
const png: Uint8Array = model.png(4);
const where = (e: unknown) => (e instanceof MjError ? \`\${e.file}:\${e.line}: \${e.detail}\` : "");
console.log(entries.length, taken, end, mx * my * mz, model.seed, cells.length, png.length, where(null));
console.log(model.activeNode()?.kind, model.ended, mj.load("<one values='BW' in='B' out='W'/>").settings.sizeFrom);
model.dispose();
const world = mj.world("<one values='BW' in='B' out='W'/>", { chunk: 8, seed: 3 });
const region: WorldRegion = world.region(-4, -4, 4, 4);
const far = await WorldWorker.open("<one values='BW' in='B' out='W'/>", { chunk: 8 });
console.log(region.cells.length + (await far.region(0, 0, 8, 8)).width, world.needs([1, 0]).length);
far.terminate();
world.dispose();
`;

test("the package packs, installs offline, runs as mj run does, and its types compile", (t) => {
  const scratch = mkdtempSync(join(tmpdir(), "mj-package-"));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  const [packed] = JSON.parse(npm(packageDir, "pack", "--json", "--pack-destination", scratch));
  assert.equal(packed.filename, `markovjunior-${version}.tgz`);
  const files = packed.files.map((f) => f.path).sort();
  assert.deepEqual(files, [
    "README.md",
    "api.d.ts",
    "api.mjs",
    "mj.mjs",
    "mj.wasm",
    "mj_error.mjs",
    "package.json",
    "world_thread.mjs",
    "world_worker.mjs",
  ]);

  const project = join(scratch, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  npm(project, "install", "--offline", join(scratch, packed.filename));
  writeFileSync(join(project, "run.mjs"), consumer);
  const state = join(scratch, "native.txt");
  const model = join(root, "models", "GrowthMaze.xml");
  execFileSync(mjCli, ["run", model, "--size", "21", "--seed", "5", "--steps", "0", "--no-picture", "--state", state]);
  const text = execFileSync(process.execPath, ["run.mjs", model], { cwd: project, encoding: "utf8" });
  assert.equal(text, readFileSync(state, "utf8"));

  // The types are read: the consumer compiles, and a seed given as a string does not.
  const tsc = (file) => {
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ ...tsconfig, files: [file] }));
    return spawnSync(join(root, "node_modules", ".bin", "tsc"), ["-p", project], { encoding: "utf8" });
  };
  const tsconfig = { compilerOptions: { module: "nodenext", target: "es2022", strict: true, noEmit: true } };
  writeFileSync(join(project, "typed.ts"), typed);
  const compiled = tsc("typed.ts");
  assert.equal(compiled.status, 0, compiled.stdout + compiled.stderr);
  writeFileSync(join(project, "wrong.ts"), typed.replace("model.run(1, 100)", 'model.run("1", 100)'));
  assert.match(tsc("wrong.ts").stdout, /wrong\.ts.*error TS2345/);
});
