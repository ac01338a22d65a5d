#!/usr/bin/env node
// The playground against the engine, in one run of this bench: for MazeGrowth 359, Island 800 and SoftPath
// 80^3 (corpus entries, seed 1), the page's wall time from a click to the run's last frame (headless
// Chromium, the run in its Web Worker) at the top speed (Run, speed slider at its top: unpaced) and with
// "to the end", against the same run by the WebAssembly CLI in Node (`node build-web/mj-cli.mjs run`, the
// whole process, picture written), by the JavaScript API in Node (load and run inside one process) and by
// native `mj run` (the whole process). Medians of --rounds rounds (default 3), the runs in turn.
// Usage: node playground/bench/playground_rate.mjs [--rounds N]   (needs build-web/site: scripts/web.sh, and build/mj
//        or MJ_CLI; MJ_BUILD_WEB=DIR for another web build, e.g. one configured with -DMJ_WEB_SIMD=OFF)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import puppeteer from "puppeteer-core";
import { serve } from "../tests/static_server.mjs";

const root = resolve(new URL("../..", import.meta.url).pathname);
const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");
const mjCli = process.env.MJ_CLI ?? join(root, "build", "mj");
const roundsAt = process.argv.indexOf("--rounds"); // absent: -1, and argv[0] is node's path, not a number
const rounds = roundsAt < 0 ? 3 : Number(process.argv[roundsAt + 1]);
if (!(Number.isInteger(rounds) && rounds > 0)) throw new Error("--rounds takes a whole number above 0");
const web = resolve(process.env.MJ_BUILD_WEB ?? join(root, "build-web")); // another build: MJ_BUILD_WEB=DIR
const { loadMj } = await import(join(web, "api.mjs"));
const mj = await loadMj();
const scratch = mkdtempSync(join(tmpdir(), "mj-bench-"));
const server = await serve(join(web, "site"));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
  protocolTimeout: 600000,
});

const entries = [
  { name: "MazeGrowth", size: [359, 359, 1] },
  { name: "Island", size: [800, 800, 1] },
  { name: "SoftPath", size: [80, 80, 80] },
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const wall = (fn) => {
  const started = performance.now();
  fn();
  return (performance.now() - started) / 1000;
};

// The page's seconds from a click on `button` to the frame that says the run ended, timed in the page.
async function pageSeconds(page, entry, button) {
  await page.evaluate(
    (m, s) => window.mjPlayground.chooseModel(m, { size: s, seed: 1 }),
    `corpus/${entry.name}`,
    entry.size,
  );
  await page.waitForFunction(() => !window.mjPlayground.state.loading && window.mjPlayground.state.frame, {
    timeout: 120000,
  });
  await new Promise((done) => setTimeout(done, 300)); // the load's first frame drawn
  const { seconds, steps } = await page.evaluate(
    (id) =>
      new Promise((done) => {
        const state = window.mjPlayground.state;
        let shown = state.frame;
        // the click runs from step 0 of a fresh load: the time below is the whole run's
        if (shown.steps !== 0 || shown.finished) throw new Error(`the run begins at step ${shown.steps}`);
        const started = performance.now();
        Object.defineProperty(state, "frame", {
          configurable: true,
          get: () => shown,
          set: (f) => {
            shown = f;
            if (f.finished) {
              Object.defineProperty(state, "frame", { value: f, writable: true, configurable: true });
              requestAnimationFrame(() => done({ seconds: (performance.now() - started) / 1000, steps: f.steps }));
            }
          },
        });
        document.getElementById("speed").value = 14; // the slider's top: unpaced
        document.getElementById("speed").oninput();
        document.getElementById(id).click();
      }),
    button,
  );
  return { seconds, steps };
}

const model = (name) => join(corpus, "models", `${name}.xml`);
const flags = ({ size }, steps) => [
  "--length",
  size[0],
  "--width",
  size[1],
  ...(size[2] > 1 ? ["--height", size[2]] : []),
  "--seed",
  "1",
  "--steps",
  steps,
  "--out",
  scratch,
  "--resources",
  join(corpus, "resources"),
  "-q",
];

const rows = [];
const page = await browser.newPage();
await page.setViewport({ width: 1400, height: 900 });
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForFunction(() => window.mjPlayground?.state.frame, { timeout: 60000 });
for (const entry of entries) {
  const times = { top: [], end: [], cli: [], api: [], native: [] };
  let steps = 0;
  for (let round = 0; round < rounds; round++) {
    const top = await pageSeconds(page, entry, "run");
    const end = await pageSeconds(page, entry, "end");
    if (top.steps !== end.steps) throw new Error(`${entry.name}: ${top.steps} and ${end.steps} steps`);
    steps = top.steps;
    times.top.push(top.seconds);
    times.end.push(end.seconds);
    const xml = readFileSync(model(entry.name), "utf8");
    times.api.push(
      wall(() => {
        const m = mj.load(xml, { size: entry.size, name: `${entry.name}.xml` });
        if (m.run(1, steps) !== steps) throw new Error(`${entry.name}: the API took other steps than the page`);
        m.dispose();
      }),
    );
    const args = ["run", model(entry.name), ...flags(entry, steps)];
    times.cli.push(wall(() => execFileSync("node", [join(web, "mj-cli.mjs"), ...args])));
    times.native.push(wall(() => execFileSync(mjCli, args)));
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  rows.push({ entry: `${entry.name} ${entry.size.filter((s) => s > 1).join("x")}`, steps, ...m });
}
await browser.close();
server.close();
rmSync(scratch, { recursive: true, force: true });

const s = (x) => `${x.toFixed(2)} s`;
console.log(`medians of ${rounds} rounds, seed 1, wall time`);
console.log(
  "| entry | steps | page, top speed | page, to the end | wasm CLI (node mj-cli.mjs) | JS API in Node (load + run) " +
    "| native mj run | page (top) / wasm CLI | wasm CLI / native |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows)
  console.log(
    `| ${r.entry} | ${r.steps.toLocaleString("en")} | ${s(r.top)} | ${s(r.end)} | ${s(r.cli)} | ${s(r.api)} | ` +
      `${s(r.native)} | ${(r.top / r.cli).toFixed(2)} | ${(r.cli / r.native).toFixed(2)} |`,
  );
