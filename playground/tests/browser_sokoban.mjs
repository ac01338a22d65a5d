#!/usr/bin/env node
// models/Sokoban.xml, mj's other playable model, in the playground: the arrow keys push the crates while the grid
// has the focus, the recorded solution wins the game on seed 1 (the crates and the lamp turn gold, the run ends on
// the grid tests/interactive_test.cpp and faces/python/tests/test_interactive.py reach), Pause stops a game and Step back
// goes through it, each past step the grid the JavaScript API's replay of the same keys gives at that step.
// Usage: node --test playground/tests/browser_sokoban.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { choose, download, frame, playground, root, until } from "./playground_page.mjs";

const { pageTest, open } = playground();

// The same keys and grids as tests/interactive_test.cpp's ASokobanGameIsWonAndReplays (rows of 8, top first).
const solution = (
  "Left Left Up Left Up Right Right Left Left Up Up Right Down Left Down Right Up Right Right Down Up Up Right " +
  "Right Down Left Up Left Down"
)
  .split(" ")
  .map((k) => `Arrow${k}`);
const start = "WWWWWWWWWBBWBBBWWBCBBCBWWBBTTWBWWBCWTBBWWBBBPBWWWBBWBBBWWWWFWWWW";
const won = "WWWWWWWWWBBWBBBWWBBBPBBWWBBGGWBWWBBWGBBWWBBBBBWWWBBWBBBWWWWGWWWW";

// The rows of a state text (mj run --state's: a header, the legend, then the rows), joined.
const cellsOf = (state) => state.trim().split("\n").slice(2).join("");
const shownState = async (page) => (await download(page, () => page.click('[data-export="state"]'))).toString("utf8");

async function api() {
  const { loadMj } = await import(join(root, "build-web", "api.mjs"));
  const mj = await loadMj();
  const entry = mj.modelList(readFileSync(join(root, "models", "demo.xml"), "utf8")).find((e) => e.name === "Sokoban");
  return mj.load(readFileSync(join(root, "models", "Sokoban.xml"), "utf8"), { name: "Sokoban.xml", entry });
}

pageTest(
  "Sokoban: the keys push the crates, the solution wins, Pause and Step back go through the game",
  async (page) => {
    await open(page);
    await page.evaluate(() => document.querySelector("#hint .close")?.click());
    await choose(page, "own/Sokoban", [8, 8, 1], 1);
    await page.click("#run");
    await until(page, () => window.mjPlayground.state.frame?.waiting);
    await page.focus("#view");

    // half the game, then Pause: the game stops where it stands, its keys kept
    const half = 12;
    for (let i = 0; i < half; i++) {
      await page.keyboard.press(solution[i]);
      await until(page, (n) => window.mjPlayground.state.frame?.inputs === n, i + 1);
    }
    await page.click("#pause");
    await until(page, () => window.mjPlayground.state.frame?.inputList && !window.mjPlayground.state.running);
    const paused = await frame(page);
    assert.equal(paused.finished, false);
    assert.deepEqual(
      paused.inputList.map((i) => i.key),
      solution.slice(0, half),
    );
    const midway = cellsOf(await shownState(page));
    assert.notEqual(midway, start, "the keys moved the pusher and crates");
    assert.ok(!midway.includes("G"), "not won yet");

    // on again to the win
    await page.click("#run");
    await until(page, () => window.mjPlayground.state.running);
    await page.focus("#view"); // the keys go to the run while the grid has the focus (the click gave it to the button)
    for (let i = half; i < solution.length; i++) {
      await page.keyboard.press(solution[i]);
      await until(page, (n) => window.mjPlayground.state.frame?.inputs === n, i + 1);
    }
    await until(page, () => window.mjPlayground.state.frame?.finished && window.mjPlayground.state.frame?.inputList);
    const end = await frame(page);
    assert.deepEqual(
      end.inputList.map((i) => i.key),
      solution,
    );
    assert.equal(cellsOf(await shownState(page)), won);

    // the same game in the JavaScript API: model.replay(seed, inputs) ends on the page's grid
    const model = await api();
    assert.equal(model.replay(1, end.inputList), end.steps);
    assert.equal(cellsOf(model.stateText("Sokoban")), won);

    // Step back through the game: each step shown is the replay's grid at that step; before the win, no gold
    let before = null;
    for (let k = 1; k <= 14; k++) {
      await page.click("#back");
      await until(page, (n) => window.mjPlayground.state.frame?.viewing === n, end.steps - k);
      const shown = cellsOf(await shownState(page));
      model.replay(1, end.inputList, end.steps - k);
      assert.equal(shown, cellsOf(model.stateText("Sokoban")), `step ${end.steps - k}`);
      if (!shown.includes("G") && before === null) before = shown; // the latest step before the win
    }
    assert.ok(before, "stepping back reaches the grid before the win");
    assert.equal(before.replaceAll("D", "G").replace(/[FE]/, "G"), won, "the last push put the crates on the targets");
    model.dispose();
  },
);

pageTest(
  "a key pressed while a past step is shown is refused, said; the game goes on from its own step",
  async (page) => {
    await open(page);
    await page.evaluate(() => document.querySelector("#hint .close")?.click());
    await choose(page, "own/Sokoban", [8, 8, 1], 1);
    await page.click("#run");
    await until(page, () => window.mjPlayground.state.frame?.waiting);
    await page.focus("#view");
    const half = 12;
    for (let i = 0; i < half; i++) {
      await page.keyboard.press(solution[i]);
      await until(page, (n) => window.mjPlayground.state.frame?.inputs === n, i + 1);
    }
    await page.click("#pause");
    await until(page, () => window.mjPlayground.state.frame?.inputList && !window.mjPlayground.state.running);
    const live = (await frame(page)).steps;
    await page.click("#back");
    await until(page, (n) => window.mjPlayground.state.frame?.viewing === n, live - 1);
    await page.focus("#view");
    await page.keyboard.press("ArrowUp");
    await until(page, () => /was not sent/.test(document.getElementById("message").textContent));
    assert.match(await page.$eval("#message", (m) => m.textContent), new RegExp(`game's own step \\(${live}\\)`));

    // Run goes back to the game's step; the rest of the solution wins it, and the game says so
    await page.click("#run");
    await until(page, () => window.mjPlayground.state.running && window.mjPlayground.state.frame?.viewing === null);
    await page.focus("#view");
    for (let i = half; i < solution.length; i++) {
      await page.keyboard.press(solution[i]);
      await until(page, (n) => window.mjPlayground.state.frame?.inputs === n, i + 1);
    }
    await until(page, () => window.mjPlayground.state.frame?.finished && window.mjPlayground.state.frame?.inputList);
    const end = await frame(page);
    assert.deepEqual(
      end.inputList.map((i) => i.key),
      solution,
      "only the keys played at the game's own step",
    );
    assert.equal(cellsOf(await shownState(page)), won);
    assert.match(await page.$eval("#counter", (c) => c.textContent), /the game is over/);
    assert.equal(await page.$eval("#run", (b) => b.textContent), "Rerun");
  },
);
