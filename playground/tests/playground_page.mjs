// The playground served from 127.0.0.1 and opened in headless Chromium (Debian's, driven by
// puppeteer-core), for the browser test files: each calls playground() once at its top and gets the
// helpers below. Needs build-web/site (scripts/web.sh).
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import puppeteer from "puppeteer-core";
import { serve } from "./static_server.mjs";

export const root = resolve(new URL("../..", import.meta.url).pathname);
export const site = join(root, "build-web", "site");
export const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");
export const mjCli = process.env.MJ_CLI ?? join(root, "build", "mj");

export const frame = (page) => page.evaluate(() => window.mjPlayground.state.frame);
export const until = (page, fn, arg) => page.waitForFunction(fn, { timeout: 30000 }, arg);

// The model as the model list and the size and seed fields would set it, loaded, its first frame shown.
export async function choose(page, model, size, seed) {
  await page.evaluate((m, s, k) => window.mjPlayground.chooseModel(m, { size: s, seed: k }), model, size, seed);
  await until(page, () => !window.mjPlayground.state.loading && window.mjPlayground.state.frame);
}

export async function runToEnd(page) {
  // the frame shown before the click may be a finished run's: the end waited for is a frame after it
  await page.evaluate(() => (window.frameBeforeRun = window.mjPlayground.state.frame));
  await page.click("#run");
  await until(page, () => {
    const shown = window.mjPlayground.state.frame;
    return shown?.finished && shown !== window.frameBeforeRun;
  });
}

// The editor's text and the size boxes set as a person would, then "state graph" pressed (the graph, or
// the library's refusal, comes later).
export async function drawGraph(page, xml, size) {
  await page.evaluate(
    (text, sides) => {
      window.mjPlayground.editor.text = text;
      ["mx", "my", "mz"].forEach((id, i) => (document.getElementById(id).value = sides[i]));
    },
    xml,
    size,
  );
  await page.click("#graphButton");
}

// The bytes of the next file the page downloads after `act` (a Buffer).
export async function download(page, act) {
  await page.evaluate(() => {
    window.exported = null;
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob) => ((window.exported = blob), create(blob));
  });
  await act();
  await until(page, () => window.exported);
  return Buffer.from(await page.evaluate(async () => [...new Uint8Array(await window.exported.arrayBuffer())]));
}

// Runs Flowers (a markov of two <one> nodes, both firing in turn) and pauses it long before its end: 1,132
// steps at this size and seed (at 60x60 it ends at step 301, and sometimes did before the pause). Returns
// the paused frame's steps.
export async function pauseMidRun(page) {
  await choose(page, "corpus/Flowers", [120, 120, 1], 3);
  await page.$eval("#speed", (s) => ((s.value = 1), s.oninput())); // 2 steps a frame
  await page.click("#run");
  await until(page, () => window.mjPlayground.state.frame?.steps >= 20).catch(async (e) => {
    throw new Error(
      `${e.message}: the run shows ${await page.evaluate(() => window.mjPlayground.state.frame?.steps)} steps`,
    );
  });
  await page.click("#pause");
  await until(page, () => !window.mjPlayground.state.frame.ms).catch((e) => {
    // the paused frame
    throw new Error(`${e.message}: no paused frame came`);
  });
  const paused = await frame(page);
  if (paused.finished) throw new Error(`the run ended (${paused.steps} steps) before the pause`);
  return paused.steps;
}

// A stroke of the brushes (brush.js) over the grid from cell `from` to cell `to` ([x, y]), as a mouse drag:
// `moves` mouse events from one to the other (by default three a cell; a quick hand's drag sends fewer).
export async function stroke(page, from, to = from, moves = 0) {
  const at = await page.evaluate(
    (cells) => {
      const rect = document.getElementById("grid").getBoundingClientRect();
      const { mx, my } = window.mjPlayground.brushes.blank();
      const scale = Math.min(rect.width / mx, rect.height / my);
      const left = rect.left + (rect.width - mx * scale) / 2,
        top = rect.top + (rect.height - my * scale) / 2;
      return cells.map(([x, y]) => [left + (x + 0.5) * scale, top + (y + 0.5) * scale]);
    },
    [from, to],
  );
  await page.mouse.move(...at[0]);
  await page.mouse.down();
  const steps = moves || Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1]), 1) * 3;
  await page.mouse.move(...at[1], { steps });
  await page.mouse.up();
}

// The site (and `routes`, more folders to serve beside it) served from 127.0.0.1, and Chromium started:
// { url, browser, close }.
export async function launch(routes = {}) {
  const server = await serve({ "/": site, ...routes });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
    protocolTimeout: 60000,
  });
  const close = async () => (await browser.close(), server.close());
  return { url: `http://127.0.0.1:${server.address().port}/`, browser, close };
}

// Registers the server and the browser for this test file. `routes` (optional, async) gives more folders
// to serve beside the site, made before the server starts. Returns the page helpers; `site.url` is the
// page's address once the tests run.
export function playground(routes = async () => ({})) {
  const served = { url: "", browser: null };
  let launched;
  before(async () => {
    launched = await launch(await routes());
    Object.assign(served, { url: launched.url, browser: launched.browser });
  });
  after(async () => await launched?.close());

  // A test on a page of its own, in a browser context of its own (the drafts another test kept in
  // localStorage are not its); an error the page throws fails it.
  function pageTest(name, body) {
    test(name, async () => {
      const context = await served.browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1400, height: 800 });
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      try {
        await body(page);
        assert.deepEqual(errors, [], "errors on the page");
      } finally {
        await context.close();
      }
    });
  }

  async function open(page, link = "") {
    await page.goto(served.url + link);
    await until(page, () => window.mjPlayground?.state.frame);
  }

  return { served, pageTest, open };
}

// Screenshots of the page for a person to look at: with MJ_SHOTS=DIR, shoot(page, name) saves
// DIR/name-1400x900.png and DIR/name-1000x700.png (the page laid out again at each size); without it,
// nothing. The tests' assertions never depend on them.
export const shotsDir = process.env.MJ_SHOTS ?? "";

export async function shoot(
  page,
  name,
  sizes = [
    [1400, 900],
    [1000, 700],
  ],
) {
  if (!shotsDir) return;
  const before = page.viewport();
  for (const [width, height] of sizes) {
    await page.setViewport({ width, height });
    await page.evaluate(() => new Promise((r) => window.requestAnimationFrame(() => window.requestAnimationFrame(r))));
    await page.screenshot({ path: join(shotsDir, `${name}-${width}x${height}.png`) });
  }
  await page.setViewport(before);
}
