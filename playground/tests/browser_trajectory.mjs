// Browser test of the debugger's trajectory view (playground/overlay.js): a searching node's found
// trajectory as a filmstrip under the grid, the state the run is at framed and named in the text.
// Usage: node --test playground/tests/browser_trajectory.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { choose, frame, playground, until } from "./playground_page.mjs";

const { pageTest, open } = playground();

// CompleteSAW's search (the <one> at line 6) with the views on, `steps` of its states copied.
async function following(page, steps) {
  await open(page);
  await choose(page, "corpus/CompleteSAW", [11, 11, 1], 1);
  await page.click("#viewsOn");
  await page.select("#viewsNode", "6");
  for (let k = 0; k < 20 && !(await frame(page)).inspection?.trajectory?.length; k++) {
    const at = (await frame(page)).steps;
    await page.click("#step");
    await until(page, (s) => window.mjPlayground.state.frame?.steps > s, at);
  }
  await until(page, () => [...document.querySelectorAll("#viewsKind option")].some((o) => o.value === "trajectory"));
  await page.select("#viewsKind", "trajectory");
  const begun = (await frame(page)).steps;
  for (let k = 1; k < steps; k++) {
    await page.click("#step");
    await until(page, (s) => window.mjPlayground.state.frame?.steps >= s, begun + k);
  }
  return (await frame(page)).inspection;
}

pageTest("a search's trajectory as a filmstrip, the current state framed", async (page) => {
  const inspection = await following(page, 5);
  assert.ok(inspection.trajectory.length > 5, `${inspection.trajectory.length} states`);
  assert.equal(inspection.trajectoryAt, 4);
  assert.equal(
    await page.$eval("#viewsText", (t) => t.textContent.split("\n")[1]),
    `trajectory: ${inspection.trajectory.length} states, at 5; the current one framed`,
  );
  const film = await page.$eval("#viewsFilm", (c) => ({ shown: c.style.display !== "none", w: c.width, h: c.height }));
  assert.ok(film.shown && film.w > 0 && film.h > 0, JSON.stringify(film));
  // The fifth picture's frame is magenta, the first's is not.
  const border = (k) =>
    page.$eval(
      "#viewsFilm",
      (c, k, mx) => {
        const w = Math.max(1, Math.floor(48 / mx)) * mx + 4,
          perRow = Math.floor(c.width / w);
        return [...c.getContext("2d").getImageData((k % perRow) * w + 1, Math.floor(k / perRow) * w + 5, 1, 1).data];
      },
      k,
      inspection.mx,
    );
  assert.deepEqual(await border(4), [255, 0, 255, 255]);
  assert.notDeepEqual(await border(0), [255, 0, 255, 255]);
  // Another view hides the filmstrip.
  await page.select("#viewsKind", "goal");
  assert.equal(await page.$eval("#viewsFilm", (c) => c.style.display), "none");
});
