#!/usr/bin/env node
// Steps per second in the playground (headless Chromium, the run in its Web Worker): MazeGrowth 1001 and
// Island, from Run at the fastest speed (every frame drawn) and from "to the end" (unpaced, a frame every
// 100 ms) to the end; against the same run through the WebAssembly API in Node and native mj run.
// Usage: MJ_CLI=build/mj node web/bench/playground_rate.mjs   (needs build-web/site: scripts/web.sh)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import puppeteer from "puppeteer-core";
import { serve } from "../tests/static_server.mjs";

const root = resolve(new URL("../..", import.meta.url).pathname);
const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");
const mjCli = process.env.MJ_CLI ?? join(root, "build", "mj");
const { loadMj } = await import(join(root, "build-web", "api.mjs"));
const mj = await loadMj();
const scratch = mkdtempSync(join(tmpdir(), "mj-bench-"));
const line = (what, steps, seconds) =>
  console.log(`  ${what}: ${steps} steps in ${seconds.toFixed(2)} s = ${Math.round(steps / seconds)} steps/s`);
const server = await serve(join(root, "build-web", "site"));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox"],
  protocolTimeout: 600000,
});
for (const [model, size] of [
  ["corpus/MazeGrowth", [1001, 1001, 1]],
  ["corpus/Island", null],
]) {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.mjPlayground?.state.frame, { timeout: 60000 });
  await page.evaluate(
    (m, s) => window.mjPlayground.chooseModel(m, s ? { size: s, seed: 1 } : { seed: 1 }),
    model,
    size,
  );
  await page.waitForFunction(() => !window.mjPlayground.state.loading, { timeout: 60000 });
  await page.evaluate(() => (document.getElementById("speed").value = 14));
  const name = model.split("/")[1];
  let sides, pageSteps;
  for (const [button, what] of [
    ["#run", "page, Run at top speed"],
    ["#end", "page, to the end"],
  ]) {
    const started = Date.now();
    await page.click(button);
    await page.waitForFunction(() => window.mjPlayground.state.frame?.finished, { timeout: 600000, polling: 50 });
    const seconds = (Date.now() - started) / 1000;
    const { steps, mx, my, mz } = await page.evaluate(() => window.mjPlayground.state.frame);
    if (!sides) console.log(`${name} ${mx}x${my}x${mz ?? 1} seed 1:`);
    sides = [mx, my, mz ?? 1];
    pageSteps = steps;
    line(what, steps, seconds);
    await page.evaluate(
      // the same run again
      (s) => window.mjPlayground.chooseModel(document.getElementById("model").value, { size: s, seed: 1 }),
      sides,
    );
    await page.waitForFunction(() => !window.mjPlayground.state.loading, { timeout: 60000 });
  }
  await page.close();
  const xml = readFileSync(join(corpus, "models", `${name}.xml`), "utf8");
  let started = performance.now();
  const wasm = mj.load(xml, { size: sides, name: `${name}.xml` });
  const steps = wasm.run(1, pageSteps); // the page's run, to its step count
  line("WebAssembly API in Node", steps, (performance.now() - started) / 1000);
  wasm.dispose();
  started = performance.now();
  const flags = ["--length", sides[0], "--width", sides[1], ...(sides[2] > 1 ? ["--height", sides[2]] : [])];
  flags.push("--seed", "1", "--steps", pageSteps, "--out", scratch, "-q");
  execFileSync(mjCli, [
    "run",
    join(corpus, "models", `${name}.xml`),
    ...flags,
    "--resources",
    join(corpus, "resources"),
  ]);
  line("native mj run (process and PNG included)", steps, (performance.now() - started) / 1000);
}
rmSync(scratch, { recursive: true, force: true });
await browser.close();
server.close();
