// The JavaScript API's inspection (Model.inspect, Model.inspecting): the same numbers as the library's,
// checked against what the test computes itself. Usage: node --test faces/js/tests/api_views.mjs (needs build-web).
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { test } from "node:test";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const { loadMj, MjError } = await import(join(root, process.env.MJ_BUILD_WEB ?? "build-web", "api.mjs"));
const mj = await loadMj();

// The origin's R, walls drawn by 12 seeded steps, then a step guided by a field of G towards R over B.
const field = `<sequence values="BRWG" origin="True">
  <one in="B" out="W" steps="12"/>
  <one in="B" out="G" steps="1"><field for="G" to="R" on="B"/></one>
</sequence>`;

// Breadth-first distances from value `zero` through value `substrate`, -1 where none leads.
function distances(cells, mx, my, zero, substrate) {
  const d = new Int32Array(cells.length).fill(-1);
  const queue = [];
  cells.forEach((v, i) => v === zero && (queue.push(i), (d[i] = 0)));
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k],
      x = i % mx,
      y = Math.floor(i / mx);
    for (const [nx, ny] of [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ]) {
      const j = nx + ny * mx;
      if (nx < 0 || ny < 0 || nx >= mx || ny >= my || cells[j] !== substrate || d[j] >= 0) continue;
      d[j] = d[i] + 1;
      queue.push(j);
    }
  }
  return d;
}

test("a field's potentials and the guided choice, as the test computes them", () => {
  const model = mj.load(field, { size: [9, 7] });
  try {
    model.inspecting = true;
    model.start(5);
    model.step(12);
    const before = model.grid().cells;
    model.step(1);
    const view = model.inspect(3);
    assert.equal(view.kind, "one");
    assert.deepEqual([view.mx, view.my, view.mz], [9, 7, 1]);
    assert.equal(view.fields.length, 1);
    assert.equal(view.fields[0].value, 3);
    assert.deepEqual(view.fields[0].cells, distances(before, 9, 7, 1, 0));
    assert.ok(view.chosen >= 0 && view.candidates.length > 1);
    const best = view.candidates[view.chosen];
    for (const c of view.candidates) assert.ok(c.score <= best.score);
    assert.equal(best.delta, 1);
    assert.equal(model.grid().cells[best.x + best.y * 9], 3);
  } finally {
    model.dispose();
  }
});

test("an unknown line is an MjError at that line", () => {
  const model = mj.load(field, { size: 5 });
  try {
    assert.throws(
      () => model.inspect(8),
      (e) => e instanceof MjError && e.line === 8,
    );
    assert.equal(model.inspect().kind, ""); // before start: no active node
  } finally {
    model.dispose();
  }
});

test("a search's trajectory is the grids the run steps through", () => {
  // A walk from the centre that must cover the 3x3 grid: the search finds it, the node copies it.
  const model = mj.load(
    `<one values="BRW" origin="True" in="RB" out="WR" search="True"><observe value="B" to="WR"/><observe value="R" to="W"/></one>`,
    { size: [3, 3] },
  );
  try {
    model.start(2);
    assert.deepEqual(model.inspect(1).trajectory, []); // not searched before the node's first step
    const grids = [];
    for (let k = 0; k < 8; k++) {
      model.step(1);
      grids.push(model.grid().cells);
      assert.equal(model.inspect(1).trajectoryAt, k);
    }
    const view = model.inspect(1);
    assert.equal(view.trajectory.length, 8); // each step covers one cell
    view.trajectory.forEach((state, k) => assert.deepEqual(state, grids[k], `state ${k}`));
    assert.ok(!view.trajectory[7].includes(0)); // the goal: no B left
  } finally {
    model.dispose();
  }
});
