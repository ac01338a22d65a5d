#!/usr/bin/env node
// A model that takes keys (the mj dialect's <event>, models/LightCycle.xml) in the playground: the keys go to the
// run while its grid has the focus, the steps that wait for a key pass at a person's pace, and the game played
// replays exactly: its seed and the keys it was sent, at the steps they came at, give the grid the page shows.
// Usage: node --test playground/tests/browser_keys.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { choose, download, frame, playground, root, until } from "./playground_page.mjs";

const { pageTest, open } = playground();

pageTest("a model that takes keys plays at a person's pace, and the game replays exactly", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, "own/LightCycle", [31, 31, 1], 3);
  await page.click("#run");
  await until(page, () => window.mjPlayground.state.frame?.waiting);
  await page.focus("#view");
  for (const [count, key] of [
    [1, "ArrowUp"],
    [2, "ArrowLeft"],
    [3, "ArrowDown"],
  ]) {
    await page.keyboard.press(key);
    await until(page, (n) => window.mjPlayground.state.frame?.inputs === n, count);
  }
  // at full speed the run would have met its step limit long before three keys: waiting steps take real time
  assert.equal((await frame(page)).finished, false);
  await page.click("#pause");
  await until(page, () => window.mjPlayground.state.frame?.inputList && !window.mjPlayground.state.running);
  const { inputList, steps } = await frame(page);
  assert.deepEqual(
    inputList.map((i) => i.key),
    ["ArrowUp", "ArrowLeft", "ArrowDown"],
  );
  const shown = (await download(page, () => page.click('[data-export="state"]'))).toString("utf8");

  // the same game in the JavaScript API: seed 3, each key sent at its step
  const { loadMj } = await import(join(root, "build-web", "api.mjs"));
  const mj = await loadMj();
  const entry = mj
    .modelList(readFileSync(join(root, "models", "demo.xml"), "utf8"))
    .find((e) => e.name === "LightCycle");
  const model = mj.load(readFileSync(join(root, "models", "LightCycle.xml"), "utf8"), {
    name: "LightCycle.xml",
    entry,
  });
  model.start(3);
  for (const { step, key } of inputList) {
    model.step(step - model.steps);
    model.send(key);
  }
  model.step(steps - model.steps);
  assert.equal(model.stateText("LightCycle"), shown);
  model.dispose();
});

// LightCycle at 5x5, seed 3, no key: the cycle rides into the rival's trail, the rival is boxed in by step 31,
// and from there the run waits for keys that change nothing (until its step limit): the page says so.
pageTest("a game that no longer moves says so while it waits for keys", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, "own/LightCycle", [5, 5, 1], 3);
  await page.click("#run");
  await until(page, () => /nothing has moved for \d+ steps/.test(document.getElementById("counter").textContent));
  const counter = await page.$eval("#counter", (c) => c.textContent);
  assert.match(
    counter,
    /waiting for a key, but nothing has moved for \d+ steps: the game is over\? \(Reset plays it again\)/,
  );
  assert.equal((await frame(page)).finished, false, "the run itself goes on: the model never ends it");
});
