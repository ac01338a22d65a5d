// Browser test of the playground's predecessors (playground/predecessors.js): the grids that lead to
// the grid on screen in one step are native `mj explore --predecessors`'s, each drawn as a picture, and a
// click on one makes the runs start from it.
// Usage: node --test playground/tests/browser_predecessors.mjs   (needs build-web/site and build/mj, or MJ_CLI)
//        MJ_SHOTS=DIR node --test playground/tests/browser_predecessors.mjs: also screenshots
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { download, frame, mjCli, playground, shoot, until } from "./playground_page.mjs";

// Dimers fall on 5x4: a pair of B cells side by side turns R. A grid with a few pairs has several predecessors.
const DIMERS = '<one values="BR" in="BB" out="RR"/>';

const { pageTest, open } = playground();
const scratch = mkdtempSync(join(tmpdir(), "mj-predecessors-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

// A state text's rows (its first two lines name the model, the size, the seed and the legend).
const rows = (text) => text.trim().split("\n").slice(2).join("\n");

// The state text of the grid on screen (the page's "state" export).
const stateOnScreen = async (page) =>
  (await download(page, () => page.click('[data-export="state"]'))).toString("utf8");

// The predecessors' pictures drawn, read back as rows of symbols through the model's colours (each cell's
// centre), and the cells framed as differing from the grid on screen ('x'; else '.').
const pictures = (page) =>
  page.evaluate(() => {
    const { found } = window.mjPlayground.predecessors;
    const symbolOf = new Map(found.colors.map((rgb, v) => [rgb, "BR"[v]]));
    const read = (canvas) => {
      const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      const side = +canvas.dataset.side;
      const rgbAt = (px, py) => {
        const k = (py * canvas.width + px) * 4;
        return (data[k] << 16) | (data[k + 1] << 8) | data[k + 2];
      };
      const lines = [],
        marks = [];
      for (let y = 0; y < canvas.height / side; y++) {
        let line = "",
          mark = "";
        for (let x = 0; x < canvas.width / side; x++) {
          const centre = rgbAt(x * side + (side >> 1), y * side + (side >> 1));
          line += symbolOf.get(centre) ?? "?";
          mark += rgbAt(x * side, y * side) === centre ? "." : "x";
        }
        lines.push(line);
        marks.push(mark);
      }
      return { grid: lines.join("\n"), marks: marks.join("\n") };
    };
    return [...document.querySelectorAll("#predecessors canvas")].map(read);
  });

pageTest("the predecessors of the grid on screen are mj explore's, and a click starts from one", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await page.evaluate((text) => {
    window.mjPlayground.editor.text = text;
    ["mx", "my", "mz"].forEach((id, i) => (document.getElementById(id).value = [5, 4, 1][i]));
    document.getElementById("seed").value = 2;
  }, DIMERS);
  // Step 0, the empty grid of B: no grid leads to it (a Garden of Eden)
  await page.click("#reset");
  await until(page, () => window.mjPlayground.state.frame?.steps === 0 && !window.mjPlayground.state.loading);
  await page.click("#predecessorsButton");
  await until(page, () => window.mjPlayground.predecessors.found).catch(async (e) => {
    throw new Error(`${e.message}: the page says ${await page.$eval("#message", (m) => m.textContent)}`);
  });
  assert.equal(await page.evaluate(() => window.mjPlayground.predecessors.found.count), 0);
  assert.match(await page.$eval("#predecessorsText", (e) => e.textContent), /Garden of Eden/);

  for (let k = 1; k <= 3; k++) {
    await page.click("#step");
    await until(page, (s) => window.mjPlayground.state.frame?.steps === s, k);
  }
  const grid = await stateOnScreen(page);
  writeFileSync(join(scratch, "M.xml"), DIMERS);
  writeFileSync(join(scratch, "grid.txt"), grid);
  const json = join(scratch, "M.json");
  execFileSync(mjCli, ["explore", join(scratch, "M.xml"), "--predecessors", join(scratch, "grid.txt"), "--json", json]);
  const native = JSON.parse(readFileSync(json, "utf8")).predecessors.map(rows);
  assert.ok(native.length >= 2, `${native.length} predecessors: a test of a few`);

  await page.evaluate(() => (window.mjPlayground.predecessors.found = null));
  await page.click("#predecessorsButton");
  await until(page, () => window.mjPlayground.predecessors.found);
  const found = await page.evaluate(() => window.mjPlayground.predecessors.found);
  assert.equal(found.count, native.length);
  assert.deepEqual(found.texts.map(rows).sort(), [...native].sort(), "the page's predecessors are mj explore's");
  const drawn = await pictures(page);
  assert.deepEqual(drawn.map((p) => p.grid).sort(), [...native].sort(), "each drawn as its grid");
  // the cells where a predecessor differs from the grid on screen are framed
  const target = rows(grid).split("\n");
  for (const { grid: cells, marks } of drawn) {
    const differ = cells
      .split("\n")
      .map((line, y) => [...line].map((c, x) => (c === target[y][x] ? "." : "x")).join(""))
      .join("\n");
    assert.equal(marks, differ, `the framed cells of\n${cells}`);
  }
  assert.match(
    await page.$eval("#predecessorsText", (e) => e.textContent),
    new RegExp(`^${native.length} predecessors`),
  );
  await shoot(page, "predecessors");

  // A click on the last: the run begins again from it (step 0 shows it), and a step leads on from there.
  const last = found.texts.length - 1;
  await page.click(`#predecessors canvas[data-predecessor="${last}"]`);
  await until(page, () => window.mjPlayground.state.frame?.steps === 0);
  assert.equal(rows(await stateOnScreen(page)), rows(found.texts[last]), "step 0 holds the picked predecessor");
  await page.click("#step");
  await until(page, () => window.mjPlayground.state.frame?.steps === 1);
  const after = rows(await stateOnScreen(page));
  const pairsOf = (text) => [...text].filter((c) => c === "R").length;
  assert.equal(pairsOf(after), pairsOf(rows(found.texts[last])) + 2, "a step from it turns one more pair");
  assert.ok((await frame(page)).steps === 1);
  // "empty start": the runs begin from the empty grid again
  await page.click("#emptyStart");
  await until(page, () => window.mjPlayground.state.frame?.steps === 0);
  assert.doesNotMatch(rows(await stateOnScreen(page)), /R/);
});
