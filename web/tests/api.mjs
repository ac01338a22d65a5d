#!/usr/bin/env node
// The JavaScript API in Node: files as native mj writes them, stepping, errors with their line.
// Usage: node web/tests/api.mjs   (needs build-web: scripts/web.sh, and build/mj)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(new URL("../..", import.meta.url).pathname);
const mjCli = process.env.MJ_CLI ?? join(root, "build", "mj");
const { loadMj, MjError } = await import(join(root, "build-web", "api.mjs"));
const mj = await loadMj();
const results = [];
function test(name, body) {
  try {
    body();
    results.push([name, null]);
  } catch (e) {
    results.push([name, e.message]);
  }
}
const expect = (ok, what) => { if (!ok) throw new Error(what); };
const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

const native = mkdtempSync(join(tmpdir(), "mj-api-"));
process.on("exit", () => rmSync(native, { recursive: true, force: true }));
const own = (name) => join(root, "models", `${name}.xml`);
execFileSync(mjCli, ["run", own("GrowthMaze"), "--seed", "7", "--pixelsize", "6", "--out", join(native, "png"), "-q"]);
execFileSync(mjCli, ["run", own("SearchWalk3D"), "--size", "12", "--d", "3", "--out", join(native, "vox"), "-q"]);
const growthColors = { B: 0x101820, W: 0xf2e9d8, P: 0xe0a84e };  // GrowthMaze's entry in models/demo.xml

test("png() is mj run's PNG, byte for byte", () => {
  const model = mj.load(readFileSync(own("GrowthMaze"), "utf8"), { size: 61, colors: growthColors });
  model.run(7, 50000);
  expect(same(model.png(6), readFileSync(join(native, "png", "GrowthMaze_7.png"))), "PNG bytes differ");
  model.dispose();
});

test("vox() is mj run's VOX, byte for byte", () => {
  const model = mj.load(readFileSync(own("SearchWalk3D"), "utf8"), { size: [12, 12, 12] });
  model.run(1, 50000);
  expect(same(model.vox(), readFileSync(join(native, "vox", "SearchWalk3D_1.vox"))), "VOX bytes differ");
  expect(model.render(4).width > 0, "no isometric picture");
  model.dispose();
});

test("stepping ends where run ends, and a GIF records it", () => {
  const xml = readFileSync(own("GrowthMaze"), "utf8");
  const whole = mj.load(xml, { size: 21 });
  const steps = whole.run(3);
  const stepped = mj.load(xml, { size: 21 });
  stepped.start(3);
  let taken = 0;
  while (!stepped.finished) taken += stepped.step(7), stepped.gifFrame(2);
  expect(taken === steps && stepped.steps === steps, `${taken} steps stepped, ${steps} run`);
  expect(same(stepped.grid().cells, whole.grid().cells), "grids differ");
  const gif = stepped.gifFinish();
  expect(String.fromCharCode(...gif.slice(0, 6)) === "GIF89a", "not a GIF");
  whole.dispose(), stepped.dispose();
});

test("stateText() is mj run --state's text", () => {
  const model = mj.load(readFileSync(own("GrowthMaze"), "utf8"), { size: 21 });
  model.run(5);
  execFileSync(mjCli, ["run", own("GrowthMaze"), "--size", "21", "--seed", "5", "--steps", "0", "--no-picture", "--state",
    join(native, "state.txt"), "-q"]);
  expect(model.stateText("GrowthMaze") === readFileSync(join(native, "state.txt"), "utf8"), "state texts differ");
});

test("errors are MjError with file and line, and the module goes on", () => {
  let error = null;
  try {
    mj.load('<sequence values="BW">\n  <one in="BX" out="WW"/>\n</sequence>', { size: 5, name: "M.xml" });
  } catch (e) {
    error = e;
  }
  expect(error instanceof MjError && error.file === "M.xml" && error.line === 2, `got ${error}`);
  expect(error.detail.includes("unknown symbol 'X'"), error.detail);
  let sizeError = null;
  try {
    mj.load('<one values="BW" in="B" out="W"/>', { size: 0 });
  } catch (e) {
    sizeError = e;
  }
  expect(sizeError instanceof RangeError, `size 0 gave ${sizeError}`);
  expect(mj.load('<one values="BW" in="B" out="W"/>', { size: 4 }).run(1) === 17, "a model after errors");
});

test("numbers that are not 32-bit ints are refused, never wrapped", () => {
  const model = mj.load('<one values="BW" in="B" out="W"/>', { size: 4 });
  const thrown = (f) => {
    try {
      f();
    } catch (e) {
      return e;
    }
    return null;
  };
  for (const [f, type, text] of [
    [() => model.run(2 ** 32 + 5), RangeError, "seed must be a whole number from -2147483648 to 2147483647"],
    [() => model.start(1.5), RangeError, "seed must be a whole number"],
    [() => model.run(1, -(2 ** 40)), RangeError, "maxSteps must be a whole number"],
    [() => model.render(2 ** 31), RangeError, "pixelsize must be a whole number"],
    [() => model.run("1"), TypeError, "seed must be a number, got string"],
    [() => mj.load('<one values="BW" in="B" out="W"/>', { size: 2 ** 31 }), RangeError, "must be at most 2147483647"],
  ]) {
    const error = thrown(f);
    expect(error instanceof type && error.message.includes(text), `${f}: got ${error}`);
  }
  expect(model.run(5) === 17, "the model after the refusals");
});

for (const [name, error] of results) console.log(`${error ? "FAIL" : "ok  "} ${name}${error ? `: ${error}` : ""}`);
const failed = results.filter(([, e]) => e).length;
console.log(`api: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
