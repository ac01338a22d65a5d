#!/usr/bin/env node
// Steps per second in the playground (headless Chromium, the run in its Web Worker, every frame drawn):
// MazeGrowth 359 and Island at the fastest speed, from Run to the end.
// Usage: node web/bench/playground_rate.mjs   (needs build-web/site: scripts/web.sh)
import { join, resolve } from "node:path";
import puppeteer from "puppeteer-core";
import { serve } from "../tests/static_server.mjs";

const root = resolve(new URL("../..", import.meta.url).pathname);
const server = await serve(join(root, "build-web", "site"));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox"],
  protocolTimeout: 600000,
});
for (const [model, size] of [
  ["corpus/MazeGrowth", [359, 359, 1]],
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
  const started = Date.now();
  await page.click("#run");
  await page.waitForFunction(() => window.mjPlayground.state.frame?.finished, { timeout: 600000, polling: 50 });
  const seconds = (Date.now() - started) / 1000;
  const { steps, mx, my } = await page.evaluate(() => window.mjPlayground.state.frame);
  console.log(
    `${model.split("/")[1]} ${mx}x${my}: ${steps} steps in ${seconds.toFixed(2)} s = ${Math.round(steps / seconds)} steps/s`,
  );
  await page.close();
}
await browser.close();
server.close();
