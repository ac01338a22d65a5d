// Browser test of what the line under the grid says as a person edits and mistypes: a text retyped into an
// error says that error (the grid and the node tree marked as the text's before), never the old model's
// warning, and "revert" takes that away too; a size the library refuses leaves the page at the last good size
// (the boxes, the grid, the brushes) with the refusal said.
// Usage: node --test playground/tests/browser_messages.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { choose, playground, runToEnd, shoot, stroke, until } from "./playground_page.mjs";

const { pageTest, open } = playground();

const message = (page) => page.$eval("#message", (m) => m.textContent);
const setText = (page, text) => page.evaluate((t) => (window.mjPlayground.editor.text = t), text);

pageTest("a text retyped into an error says its error, not the old warning; revert takes both away", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, "corpus/Basic", [12, 12, 1], 1);
  const original = await page.evaluate(() => window.mjPlayground.editor.text);
  await setText(page, original.replace("<one ", '<one orgin="True" '));
  await runToEnd(page);
  assert.match(await message(page), /orgin/, "the model's warning about the unknown attribute");

  await setText(page, '<one values="BW" orgin="True" in="B" out="WW"/>');
  await until(page, () => /out="WW"|WW|size/.test(document.getElementById("message").textContent));
  const said = await message(page);
  assert.doesNotMatch(said, /orgin/, `the old warning is gone: ${said}`);
  assert.ok(!(await page.$eval("#message", (m) => m.classList.contains("notice"))), "said as an error (red)");
  assert.ok(
    await page.$eval("#tree", (t) => t.classList.contains("stale")),
    "the node tree is marked as the text's before",
  );
  assert.ok(await page.$eval("#stage2d", (t) => t.classList.contains("stale")), "and the grid");
  await shoot(page, "messages-stale");

  await page.click("#revert");
  await until(page, () => /the text is edited: Run loads it/.test(document.getElementById("message").textContent));
  assert.doesNotMatch(await message(page), /orgin|same size/, "neither the old warning nor the error");
  await runToEnd(page);
  assert.equal(await message(page), "", "the model's own text: nothing to say");
  assert.ok(!(await page.$eval("#tree", (t) => t.classList.contains("stale"))), "the tree is the loaded text's");
});

pageTest("a refused size leaves the boxes, the grid and the brushes at the last good size, said", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, "corpus/Basic", [12, 12, 1], 1);
  await page.evaluate(() => ["mx", "my"].forEach((id) => (document.getElementById(id).value = 35931)));
  await page.click("#run");
  await until(page, () => /back at 12×12/.test(document.getElementById("message").textContent)).catch(async (e) => {
    throw new Error(`${e.message}: the message says ${JSON.stringify(await message(page))}`);
  });
  const said = await message(page);
  assert.match(said, /too large/);
  assert.match(said, /make the size boxes smaller/);
  assert.doesNotMatch(said, /nothing on this page/);
  const sides = await page.evaluate(() => ["mx", "my", "mz"].map((id) => document.getElementById(id).value));
  assert.deepEqual(sides, ["12", "12", "1"], "the size boxes are back");
  await shoot(page, "messages-refused-size");

  // the brushes paint the 12x12 grid: a stroke over its row 5 is 12 cells, its undo copy a 12x12 layer
  await page.select("#brush", "start");
  await page.click('#brushLegend .swatch[data-value="1"]');
  await page.evaluate(() => (window.frameBefore = window.mjPlayground.state.frame));
  await stroke(page, [0, 5], [11, 5]);
  await until(page, () => window.mjPlayground.state.frame !== window.frameBefore);
  const painted = await page.evaluate(() => {
    const { painting } = window.mjPlayground.brushes;
    return { mx: painting.mx, my: painting.my, cells: painting.start.filter((v) => v !== 255).length };
  });
  assert.deepEqual(painted, { mx: 12, my: 12, cells: 12 });
  assert.match(await page.$eval("#brushText", (e) => e.textContent), /start grid 12 cells/);
  await runToEnd(page);
  const f = await page.evaluate(() => window.mjPlayground.state.frame);
  assert.deepEqual([f.mx, f.my, f.steps], [12, 12, 145 - 12], "Run runs at the good size, from the painting");
});
