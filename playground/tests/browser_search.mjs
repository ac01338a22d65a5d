#!/usr/bin/env node
// A rule node's search (search="True") runs inside one step: the playground shows it searching ("searching:
// N states, frontier F"), Pause takes effect while it runs (its count stops growing, the search not ended),
// and Run goes on with the search where it stopped.
// Usage: node --test playground/tests/browser_search.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { choose, frame, playground, until } from "./playground_page.mjs";
const { pageTest, open } = playground();

// CompleteSAW without its limit: a depth-first search for a walk that fills 19x19, far longer than the test.
async function longSearch(page) {
  await choose(page, "corpus/CompleteSAW", [19, 19, 1], 1);
  await page.evaluate(() => {
    const { editor } = window.mjPlayground;
    editor.text = editor.text.replace(/\s+limit="\d+"/, "");
  });
  assert.doesNotMatch(await page.evaluate(() => window.mjPlayground.editor.text), /limit=/);
}

pageTest("Pause takes effect while a search runs, and Run goes on with it", async (page) => {
  await open(page);
  await longSearch(page);
  await page.click("#run");
  await until(page, () => window.mjPlayground.state.frame?.search?.states >= 20);
  assert.match(await page.$eval("#counter", (e) => e.textContent), /searching: \d+ states, frontier \d+/);
  await page.click("#pause");
  await until(page, () => window.mjPlayground.state.frame.ms === undefined); // the paused frame
  const paused = await frame(page);
  assert.ok(paused.search, "the search was still under way when Pause took effect");
  assert.equal(paused.finished, false);
  const counter = await page.$eval("#counter", (e) => e.textContent);
  // a round trip to the worker: Pause again answers with a frame, after any step the worker still took
  await page.evaluate(() => (window.pausedFrame = window.mjPlayground.state.frame));
  await page.click("#pause");
  await until(page, () => window.mjPlayground.state.frame !== window.pausedFrame);
  const later = await frame(page);
  assert.equal(later.search.states, paused.search.states, "the search went on after Pause");
  assert.equal(await page.$eval("#counter", (e) => e.textContent), counter);

  // Run again: the same search goes on, its count from where it stopped (a new search would count from 0).
  await page.click("#run");
  await until(page, () => window.mjPlayground.state.frame.ms !== undefined);
  const resumed = await frame(page);
  assert.ok(resumed.search.states >= paused.search.states, `${resumed.search.states} < ${paused.search.states}`);
  await until(page, (states) => window.mjPlayground.state.frame?.search?.states > states, paused.search.states);
  await page.click("#pause");
});
