#!/usr/bin/env node
// The JavaScript API in Node: files as native mj writes them, stepping, errors with their line (those of
// tests/cli_errors.xml, shared with the C++ and Python tests, among them).
// Usage: node --test faces/js/tests/api.mjs   (needs build-web: scripts/web.sh, and build/mj or MJ_CLI)
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { readCases } from "./cli_errors.mjs";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const mjCli = process.env.MJ_CLI ?? join(root, "build", "mj");
const { loadMj, MjError } = await import(join(root, process.env.MJ_BUILD_WEB ?? "build-web", "api.mjs"));
const mj = await loadMj();

const own = (name) => join(root, "models", `${name}.xml`);
const ownXml = (name) => readFileSync(own(name), "utf8");
const growthColors = { B: 0x101820, W: 0xf2e9d8, P: 0xe0a84e }; // GrowthMaze's entry in models/demo.xml
const tiny = '<one values="BW" in="B" out="W"/>';

// A scratch folder of the test's own, removed after it.
function scratch(t) {
  const folder = mkdtempSync(join(tmpdir(), "mj-api-"));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
const mjRun = (...args) => execFileSync(mjCli, ["run", ...args.map(String), "-q"]);

test("mj.defaults are the library's header's", () => {
  const header = readFileSync(join(root, "include", "mj", "defaults.hpp"), "utf8");
  const constant = (name) => header.match(new RegExp(`${name} = "?(\\w+)`))[1];
  assert.equal(String(mj.defaults.seed), constant("kDefaultSeed"));
  assert.equal(mj.defaults.outputFolder, constant("kDefaultOutputFolder"));
  assert.equal(String(mj.defaults.maxGifFrames), constant("kMaxGifFrames"));
  assert.equal(mj.defaults.freeCell, Number(constant("kFreeCell")));
  assert.equal(String(mj.defaults.maxStates), constant("kMaxStates"));
  assert.equal(mj.defaults.maxCells, 2 ** Number(header.match(/kMaxCells = 1LL << (\d+)/)[1]));
  assert.equal(String(mj.defaults.size2d), constant("kDefaultSize2d"));
  assert.ok(Object.isFrozen(mj.defaults));
});

test("a grid past mj.defaults.maxCells is refused", () => {
  const side = Math.ceil(Math.sqrt(mj.defaults.maxCells)) + 1;
  assert.throws(() => mj.load('<one values="BW" in="B" out="W"/>', { size: [side, side, 1] }), /too large/);
});

test("mj.gridRows writes a grid as explore() writes a state", () => {
  const space = mj.explore('<one values="BW" in="B" out="W"/>', { size: [2, 2, 1] });
  const model = mj.load('<one values="BW" in="B" out="W"/>', { size: [2, 2, 1] });
  model.start(1);
  model.step(1);
  const rows = mj.gridRows(model.grid());
  assert.ok(space.grids.includes(rows), `${rows} among ${space.grids}`);
  assert.equal(mj.gridRows({ mx: 2, my: 1, mz: 2, legend: "BW", cells: [0, 1, 1, 0] }), "BW WB");
  assert.throws(() => mj.gridRows({ mx: 2, my: 2, mz: 1, legend: "BW", cells: [0, 1] }), /4 cells|2 cells/);
  model.dispose();
});

test("png() is mj run's PNG, byte for byte", (t) => {
  const out = scratch(t);
  mjRun(own("GrowthMaze"), "--seed", 7, "--pixelsize", 6, "--out", out);
  const model = mj.load(ownXml("GrowthMaze"), { size: 61, colors: growthColors });
  model.run(7, 50000);
  assert.deepEqual(model.png(6), new Uint8Array(readFileSync(join(out, "GrowthMaze_7.png"))));
  model.dispose();
});

test("vox() is mj run's VOX, byte for byte, and render() draws 3D", (t) => {
  const out = scratch(t);
  mjRun(own("SearchWalk3D"), "--size", 12, "--d", 3, "--out", out);
  const model = mj.load(ownXml("SearchWalk3D"), { size: [12, 12, 12] });
  model.run(1, 50000);
  assert.deepEqual(model.vox(), new Uint8Array(readFileSync(join(out, "SearchWalk3D_1.vox"))));
  assert.ok(model.render(4).width > 0, "no isometric picture");
  model.dispose();
});

test("glb() is mj run --gltf's mesh, byte for byte, and three.js loads it", async (t) => {
  const out = scratch(t);
  const file = join(out, "walk.glb");
  mjRun(own("SearchWalk3D"), "--size", 12, "--d", 3, "--gltf", file, "--no-picture");
  const model = mj.load(ownXml("SearchWalk3D"), { size: [12, 12, 12] });
  model.run(1, 50000);
  const glb = model.glb();
  assert.deepEqual(glb, new Uint8Array(readFileSync(file)));
  const gltf = await new GLTFLoader().parseAsync(glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength), "");
  const meshes = [];
  gltf.scene.traverse((o) => o.isMesh && meshes.push(o));
  const legend = model.shape().legend;
  assert.ok(meshes.length > 0, "no mesh in the scene");
  for (const mesh of meshes) assert.ok(legend.includes(mesh.material.name), `material ${mesh.material.name}`);
  // mj.mesh() is the same mesh: each value's triangles, as many as the glb's primitive of that value
  const { values, corners, normals } = mj.mesh(model.grid());
  assert.equal(corners.length, values.length * 12);
  assert.equal(normals.length, values.length * 3);
  const triangles = (list) => list.reduce((n, v) => ((n[legend[v]] = (n[legend[v]] ?? 0) + 2), n), {});
  const glbTriangles = Object.fromEntries(meshes.map((m) => [m.material.name, m.geometry.index.count / 3]));
  assert.deepEqual(triangles(values), glbTriangles);
  model.dispose();
});

test("mesh() of one voxel is its six faces, and a wrong grid is refused", () => {
  const cells = new Uint8Array(27);
  cells[13] = 2;
  const { values, normals } = mj.mesh({ mx: 3, my: 3, mz: 3, cells });
  assert.deepEqual([...values], [2, 2, 2, 2, 2, 2]);
  assert.equal(
    normals.reduce((a, b) => a + Math.abs(b), 0),
    6,
  );
  assert.throws(() => mj.mesh({ mx: 3, my: 3, mz: 2, cells }), RangeError);
  assert.throws(() => mj.mesh({ mx: 0, my: 3, mz: 3, cells }), RangeError);
});

test("stepping ends where run ends, and a GIF records it", () => {
  const whole = mj.load(ownXml("GrowthMaze"), { size: 21 });
  const steps = whole.run(3);
  const stepped = mj.load(ownXml("GrowthMaze"), { size: 21 });
  stepped.start(3);
  let taken = 0;
  while (!stepped.finished) ((taken += stepped.step(7)), stepped.gifFrame(2));
  assert.equal(taken, steps);
  assert.equal(stepped.steps, steps);
  assert.deepEqual(stepped.grid().cells, whole.grid().cells);
  assert.equal(String.fromCharCode(...stepped.gifFinish().slice(0, 6)), "GIF89a");
  assert.throws(() => stepped.gifFinish(), /no GIF frames were recorded/);
  (whole.dispose(), stepped.dispose());
});

test("historyGif() of a whole run's record is mj run --gif's GIF; part of it, its steps", (t) => {
  const gif = join(scratch(t), "run.gif");
  mjRun(own("GrowthMaze"), "--size", 21, "--seed", 3, "--steps", 0, "--no-picture", "--gif", gif);
  // at its demo.xml entry's pixel size and colours, as mj run finds them beside the model
  const entry = mj
    .modelList(readFileSync(join(root, "models", "demo.xml"), "utf8"))
    .find((e) => e.name === "GrowthMaze");
  const model = mj.load(ownXml("GrowthMaze"), { entry, size: 21, steps: 0 });
  model.setRecording(true);
  const steps = model.run(3);
  assert.ok(steps > 100, `${steps} steps`);
  assert.deepEqual(model.historyGif(), new Uint8Array(readFileSync(gif)));
  assert.deepEqual(model.historyGif({ from: 0, to: steps }), new Uint8Array(readFileSync(gif)));
  assert.ok(model.historyGif({ from: 10, to: 20 }).length < model.historyGif({ from: 0, to: 20 }).length);
  assert.throws(() => model.historyGif({ from: 0, to: steps + 1 }), /not in the record/);
  assert.throws(() => model.historyGif({ every: 0 }), RangeError);
  model.setRecording(false);
  assert.throws(() => model.historyGif(), /not recorded/);
  model.dispose();
});

test("back() takes the run back exactly; replayTo() stands another model at a step of it", () => {
  const model = mj.load(ownXml("GrowthMaze"), { size: 21, steps: 0 });
  model.start(5);
  model.step(30);
  const at30 = model.stateText();
  model.step(20);
  const at50 = model.stateText();
  model.back(20);
  assert.equal(model.steps, 30);
  assert.equal(model.stateText(), at30);
  model.step(20);
  assert.equal(model.stateText(), at50);
  assert.throws(() => model.back(-1), RangeError);
  const past = mj.load(ownXml("GrowthMaze"), { size: 21, steps: 0 });
  past.replayTo(5, 50);
  assert.equal(past.stateText(), at50);
  past.replayTo(5, 30); // back: the run again
  assert.equal(past.stateText(), at30);
  (model.dispose(), past.dispose());
});

test("notices are the lines mj run prints for a typo, and the model runs as without it", (t) => {
  const folder = scratch(t);
  const typo = '<one values="BW" in="B" out="W"\n  symetry="()"><rul/></one>';
  writeFileSync(join(folder, "Typo.xml"), typo);
  const cli = spawnSync(mjCli, ["run", "Typo.xml", "--size", 4, "--no-picture", "-q"].map(String), {
    cwd: folder,
    encoding: "utf8",
  });
  assert.equal(cli.status, 0, cli.stderr);
  const model = mj.load(typo, { name: "Typo.xml", size: 4 });
  assert.deepEqual(
    model.notices.map((n) => n.text),
    cli.stderr.trim().split("\n"),
  );
  assert.deepEqual(
    model.notices.map((n) => [n.file, n.line]),
    [
      ["Typo.xml", 2],
      ["Typo.xml", 2],
    ],
  );
  assert.match(model.notices[0].message, /^unknown attribute 'symetry' on <one>; did you mean 'symmetry'\?/);
  assert.match(model.notices[1].message, /^unknown element <rul> in <one>; did you mean <rule>\?/);
  model.run(1);
  const plain = mj.load(tiny, { size: 4 });
  assert.deepEqual(plain.notices, []);
  plain.run(1);
  assert.deepEqual([...model.grid().cells], [...plain.grid().cells]);
  model.dispose();
  plain.dispose();
});

test("stateText() is mj run --state's text, with the run's seed", (t) => {
  const state = join(scratch(t), "state.txt");
  mjRun(own("GrowthMaze"), "--size", 21, "--seed", 42, "--steps", 0, "--no-picture", "--state", state);
  for (const go of [(m) => m.run(42), (m) => (m.start(42), m.step(1e6))]) {
    const model = mj.load(ownXml("GrowthMaze"), { size: 21 });
    go(model);
    assert.equal(model.stateText("GrowthMaze"), readFileSync(state, "utf8"));
    assert.match(model.stateText("GrowthMaze"), /^GrowthMaze 21 21 1 42 /);
    model.dispose();
  }
});

test("run() ends on mj run's grid, a recorded run() and stepping on mj run --gif's", async (t) => {
  // WaveBrickWall stopped mid-collapse: animated, the decided cells show; not, the grid is still empty.
  const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");
  const model = join(corpus, "models", "WaveBrickWall.xml");
  const folder = scratch(t);
  const [plain, gif] = [join(folder, "plain.txt"), join(folder, "gif.txt")];
  const args = [
    model,
    "--size",
    20,
    "--seed",
    1,
    "--steps",
    50,
    "--no-picture",
    "--resources",
    join(corpus, "resources"),
  ];
  mjRun(...args, "--state", plain);
  mjRun(...args, "--state", gif, "--gif", join(folder, "run.gif"));
  assert.notEqual(readFileSync(plain, "utf8"), readFileSync(gif, "utf8"));
  const own = await loadMj();
  own.addResource("samples/BrickWall.png", readFileSync(join(corpus, "resources", "samples", "BrickWall.png")));
  const loaded = own.load(readFileSync(model, "utf8"), { name: "WaveBrickWall.xml", size: 20 });
  const state = () => loaded.stateText("WaveBrickWall");
  loaded.run(1, 50);
  assert.equal(state(), readFileSync(plain, "utf8"));
  loaded.setRecording(true);
  loaded.run(1, 50);
  assert.equal(state(), readFileSync(gif, "utf8"));
  loaded.setRecording(false);
  loaded.start(1, 50);
  loaded.step(50);
  assert.equal(state(), readFileSync(gif, "utf8"));
  loaded.dispose();
});

test("a wfc that gives up is a run notice; backtrack: true finishes it as mj run --backtrack does", async (t) => {
  const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");
  const tilesets = join(corpus, "resources", "tilesets");
  const own = await loadMj();
  own.addResource("tilesets/Escher.xml", readFileSync(join(tilesets, "Escher.xml")));
  for (const tile of ["Empty", "Line", "Stairs", "Turn", "X"])
    own.addResource(`tilesets/Escher/${tile}.vox`, readFileSync(join(tilesets, "Escher", `${tile}.vox`)));
  const xml = readFileSync(join(corpus, "models", "Escher.xml"), "utf8");
  const retries = own.load(xml, { name: "Escher.xml", size: 10 }); // no collapse at 10: every try contradicts
  retries.run(1);
  const [gaveUp] = retries.runNotices;
  assert.equal(retries.runNotices.length, 1);
  assert.match(gaveUp.text, /^Escher\.xml:\d+: warning: wfc found no good seed in 1000 tries/);
  const backtracking = own.load(xml, { name: "Escher.xml", size: 10, backtrack: true });
  assert.equal(backtracking.settings.backtrack, true);
  backtracking.run(1);
  assert.deepEqual(backtracking.runNotices, []);
  const state = join(scratch(t), "escher.txt");
  mjRun(
    join(corpus, "models", "Escher.xml"),
    "--size",
    10,
    "--seed",
    1,
    "--backtrack",
    "--no-picture",
    "--state",
    state,
  );
  assert.equal(backtracking.stateText("Escher"), readFileSync(state, "utf8"));
  (retries.dispose(), backtracking.dispose());
});

// A game of models/Sokoban.xml (the keys of tests/interactive_test.cpp's recorded solution) played by send() and
// replayed by replay(seed, inputs): the same grid at every step, and the run ends won as mj's other faces end it.
test("replay(seed, inputs) plays a recorded game again, grid for grid", () => {
  const solution = (
    "Left Left Up Left Up Right Right Left Left Up Up Right Down Left Down Right Up Right Right Down Up Up Right " +
    "Right Down Left Up Left Down"
  ).split(" ");
  const won = "WWWWWWWWWBBWBBBWWBBBPBBWWBBGGWBWWBBWGBBWWBBBBBWWWBBWBBBWWWWGWWWW";
  const cells = (m) => m.stateText("Sokoban").trim().split("\n").slice(2).join("");
  const game = mj.load(ownXml("Sokoban"), { size: 8, steps: 0 });
  game.start(1);
  const grids = [];
  for (const key of solution) {
    while (!game.status().waiting) game.step(1);
    game.send(`Arrow${key}`);
    game.step(1);
    grids.push([game.steps, cells(game)]);
  }
  assert.equal(game.advance(), "finished");
  assert.equal(cells(game), won);
  const inputs = game.inputs;
  assert.deepEqual(
    inputs.map((i) => i.key),
    solution.map((k) => `Arrow${k}`),
  );
  const again = mj.load(ownXml("Sokoban"), { size: 8, steps: 0 });
  for (let twice = 0; twice < 2; twice++) {
    assert.equal(again.replay(1, inputs), game.steps);
    assert.equal(cells(again), won);
    assert.deepEqual(again.inputs, inputs);
  }
  for (const [steps, grid] of grids.filter((_, i) => i % 7 === 0)) {
    assert.equal(again.replay(1, inputs, steps), steps);
    assert.equal(cells(again), grid, `step ${steps}`);
  }
  assert.throws(() => again.replay(1, [inputs[1], inputs[0]]), /in the order of their steps/);
  assert.throws(() => again.replay(1, [{ step: "3", key: "ArrowUp" }]), TypeError);
  assert.throws(() => again.replay(1, 3), TypeError);
  game.dispose();
  again.dispose();
});

test("errors are MjError with file and line, and the module goes on", () => {
  const bad = '<sequence values="BW">\n  <one in="BX" out="WW"/>\n</sequence>';
  assert.throws(
    () => mj.load(bad, { size: 5, name: "M.xml" }),
    (e) => {
      assert.ok(e instanceof MjError);
      assert.equal(e.file, "M.xml");
      assert.equal(e.line, 2);
      assert.match(e.detail, /unknown symbol 'X'/);
      assert.equal(e.message, `M.xml:2: ${e.detail}`);
      return true;
    },
  );
  assert.throws(() => mj.load(tiny, { size: 0 }), RangeError);
  assert.equal(mj.load(tiny, { size: 4 }).run(1), 17);
});

test("a bad models.xml is an MjError too, and a failure is its call's alone", () => {
  const list = '<models>\n  <model name="A" size="many"/>\n</models>';
  assert.throws(
    () => mj.modelList(list, "L.xml"),
    (e) => e instanceof MjError && e.file === "L.xml" && e.line === 2,
  );
  assert.deepEqual(mj.modelList("<models/>"), []);
  assert.equal(mj.load(tiny, { size: 4 }).run(1), 17);
});

test("sizes, steps and colours come from the library: an entry's, else mj's defaults", () => {
  const alone = mj.load(ownXml("GrowthMaze"));
  assert.deepEqual(alone.settings.size, [64, 64, 1]);
  assert.equal(alone.settings.sizeFrom, "default size");
  const voxels = mj.load('<one values="BW" in="B W" out="W B"/>');
  assert.deepEqual(voxels.settings.size, [24, 24, 24]);
  const [entry] = mj
    .modelList(readFileSync(join(root, "models", "demo.xml"), "utf8"), "demo.xml")
    .filter((e) => e.name === "GrowthMaze");
  const listed = mj.load(ownXml("GrowthMaze"), { name: "GrowthMaze.xml", entry });
  assert.deepEqual(listed.settings.size, [entry.mx, entry.my, entry.mz]);
  assert.equal(listed.settings.steps, entry.steps);
  listed.run(7);
  const fromEntry = mj.load(ownXml("GrowthMaze"), { size: 61, colors: growthColors });
  fromEntry.run(7);
  assert.deepEqual(listed.png(4), fromEntry.png(4), "the entry's colours");
  assert.deepEqual(mj.load(ownXml("GrowthMaze"), { size: [9, 7], entry }).settings.size, [9, 7, 1]);
  for (const model of [alone, voxels, listed, fromEntry]) model.dispose();
});

test("a run given no seed runs the entry's first seed, as mj run does; a model alone the default seed", () => {
  const [entry] = mj
    .modelList(readFileSync(join(root, "models", "demo.xml"), "utf8"), "demo.xml")
    .filter((e) => e.name === "GrowthMaze");
  assert.deepEqual(entry.seeds, [7]);
  const listed = mj.load(ownXml("GrowthMaze"), { name: "GrowthMaze.xml", entry, size: 21 });
  assert.equal(listed.settings.seed, 7);
  listed.run();
  assert.equal(listed.seed, 7);
  const seven = mj.load(ownXml("GrowthMaze"), { name: "GrowthMaze.xml", entry, size: 21 });
  seven.run(7);
  assert.deepEqual(listed.grid().cells, seven.grid().cells);
  listed.start();
  assert.equal(listed.status().seed, 7);
  const alone = mj.load(tiny, { size: [3, 3, 1] });
  assert.equal(alone.settings.seed, mj.defaults.seed);
  alone.run();
  assert.equal(alone.seed, mj.defaults.seed);
  for (const model of [listed, seven, alone]) model.dispose();
});

test("advance() stops at the model's step limit, after `steps` more, or when its time is spent", () => {
  const list = '<models><model name="Walk" size="20" steps="30"/></models>';
  const walk = '<one values="BW" origin="True" in="WB" out="WW"/>';
  const model = mj.load(walk, { entry: mj.modelList(list)[0] });
  model.start(1);
  assert.equal(model.advance({ steps: 10 }), "stopped");
  assert.equal(model.steps, 10);
  assert.equal(model.advance(), "stepLimit");
  assert.equal(model.steps, 30);
  assert.ok(model.ended && !model.finished);
  assert.equal(model.advance(), "stepLimit", "the limit holds");
  // No step limit (steps="0"), so that only the time budget can stop it: 2000x2000 takes millions of steps.
  const unbounded = mj.modelList('<models><model name="Walk" size="2000" steps="0"/></models>')[0];
  const slow = mj.load(walk, { entry: unbounded });
  slow.start(1);
  // "stopped", neither the limit nor the end: the time budget stopped it, after some steps
  assert.equal(slow.advance({ ms: 20 }), "stopped");
  assert.ok(slow.steps > 0 && !slow.ended, `${slow.steps} steps`);
  const small = mj.load(walk, { size: 5 });
  small.start(1);
  assert.equal(small.advance(), "finished");
  for (const m of [model, slow, small]) m.dispose();
});

test("load() takes the step limit, and status() says where the run stands in one call", () => {
  const fill = '<one values="BW" in="B" out="W"/>'; // 4x3: 12 steps to the end
  const model = mj.load(fill, { size: [4, 3], steps: 5, name: "my fill.xml" });
  assert.deepEqual(model.settings.size, [4, 3, 1], "(mx, my): a 2D grid");
  assert.equal(model.settings.steps, 5);
  assert.equal(model.run(1), 5);
  const status = model.status();
  assert.deepEqual(
    [status.started, status.seed, status.steps, status.stepLimit, status.atStepLimit, status.finished, status.ended],
    [true, 1, 5, 5, true, false, true],
  );
  assert.equal(status.node.kind, "one");
  assert.equal(status.search, null);
  assert.ok(model.run(1, 0) > 5, "0: no limit");
  assert.ok(model.status().finished && !model.status().atStepLimit && model.status().node === null);
  assert.equal(model.outputStem, "my_fill_1", "NAME_SEED, safe as a file name");
  assert.equal(new TextDecoder().decode(model.file("txt")), model.stateText());
  assert.throws(() => model.file("bmp"), /bmp/);
  model.dispose();
});

test("nextNode() steps until another node runs, then to the end", () => {
  const xml = '<sequence values="BWR">\n  <one in="B" out="W" steps="3"/>\n  <one in="W" out="R"/>\n</sequence>';
  const model = mj.load(xml, { size: 4 });
  model.start(1);
  assert.equal(model.activeNode().line, 2);
  assert.equal(model.nextNode(), "nextNode");
  assert.equal(model.activeNode().line, 3);
  assert.ok(model.steps >= 3 && model.steps <= 4, `${model.steps} steps`);
  assert.equal(model.nextNode(), "finished");
  assert.ok(model.finished && model.grid().cells.every((v) => v === 2 || v === 0));
  model.dispose();
});

test("addResource() gives models their files: a palette.xml colours the grid, a bad one is an MjError", async () => {
  const own = await loadMj(); // a module of its own: the palette is every later model's
  own.addResource("palette.xml", '<colors>\n  <color symbol="B" value="FF0000"/>\n</colors>');
  const model = own.load(tiny, { size: 2 });
  assert.equal(model.colors()[0], 0xff0000); // B, the first value
  own.addResource("palette.xml", new TextEncoder().encode('<colors>\n  <color symbol="B" value="red"/>\n</colors>'));
  assert.throws(
    () => own.load(tiny, { size: 2 }),
    (e) => e instanceof MjError && e.line === 2,
    "a bad colour",
  );
});

test("palette() gives every symbol's colour, the model's own colours over the built-in ones", () => {
  const model = mj.load(tiny, { size: 2, colors: { W: 0x123456 } });
  const palette = model.palette();
  assert.equal(palette.W, 0x123456);
  assert.equal(palette[model.shape().legend[0]], model.colors()[0]); // as the grid is drawn
  assert.ok(Object.keys(palette).length > 20, "the built-in palette's symbols too");
  model.dispose();
});

test("messages name settings in the API's words, or in a face's own", async () => {
  assert.throws(() => mj.load(tiny, { size: 100000 }), /raise the limit with maxCells\)$/);
  assert.throws(
    () => mj.load(tiny, { size: 4, colors: { BW: 0 } }),
    (e) => {
      assert.ok(e instanceof RangeError, "a value the library refused"); // kind "argument"
      assert.equal(e.message, "mj: a colour's symbol is one character, got 'BW'");
      return true;
    },
  );
  // a listed entry's colours are checked as the caller's: none is dropped without a word
  const entry = { ...mj.modelList('<models><model name="T" size="4"/></models>')[0], colors: { BW: 0 } };
  assert.throws(() => mj.load(tiny, { entry }), /a colour's symbol is one character, got 'BW'/);
  assert.throws(
    () => mj.load(tiny, { size: 4, steps: -5 }),
    (e) => e instanceof RangeError && e.setting === "steps" && /^mj: steps must be 0/.test(e.message),
  );
  const page = await loadMj({ settingNames: { maxCells: "the Cells box" } });
  assert.throws(() => page.load(tiny, { size: 100000 }), /raise the limit with the Cells box\)$/);
});

test("numbers that are not 32-bit ints are refused, never wrapped", () => {
  const model = mj.load(tiny, { size: 4 });
  const refusals = [
    [() => model.run(2 ** 32 + 5), RangeError, "seed must be a whole number from -2147483648 to 2147483647"],
    [() => model.start(1.5), RangeError, "seed must be a whole number"],
    [() => model.run(1, -(2 ** 40)), RangeError, "steps must be a whole number"],
    [() => model.render(2 ** 31), RangeError, "pixelsize must be a whole number"],
    [() => model.run("1"), TypeError, "seed must be a number, got string"],
    [() => mj.load(tiny, { size: 2 ** 31 }), RangeError, "size must be a whole number"],
  ];
  for (const [call, type, text] of refusals)
    assert.throws(call, (e) => e instanceof type && e.message.includes(text), `${call}`);
  assert.equal(model.run(5), 17, "the model after the refusals");
});

// tests/cli_errors.xml: each bad model raises what `mj run` prints for it. The cases without a model
// text (a missing file) are the CLI's alone: the JavaScript API takes the text, so they have no test here.
const cases = readCases(join(root, "tests", "cli_errors.xml"));
const textCases = cases.filter((c) => c.model !== null);
test("tests/cli_errors.xml has its cases", () => {
  assert.ok(textCases.length >= 10, `${textCases.length} cases with a model text`);
  assert.ok(cases.length - textCases.length <= 1, "only the missing file has no model text");
});
for (const c of textCases) {
  test(`cli_errors.xml: ${c.name}`, () => {
    const located = c.expect.match(/^M\.xml(?::(\d+))?: (.*)$/s);
    assert.throws(
      () => mj.load(c.model, { size: c.size, name: "M.xml" }).run(1),
      (e) => {
        assert.ok(e.message.includes(c.expect), `${e.message} does not say ${c.expect}`);
        if (!located) return true;
        assert.ok(e instanceof MjError, `${e}`);
        assert.deepEqual([e.file, e.line], ["M.xml", Number(located[1] ?? 0)]);
        assert.ok(e.detail.includes(located[2]), e.detail);
        return true;
      },
    );
  });
}

test("explore gives native mj explore's state space, and refuses what it cannot enumerate", (t) => {
  const folder = scratch(t);
  const model = join(folder, "Dimers.xml");
  const xml = '<one values="BR" in="BB" out="RR"/>';
  writeFileSync(model, xml);
  execFileSync(mjCli, ["explore", model, "--length", "5", "--width", "1", "--json", join(folder, "d.json")]);
  const space = mj.explore(xml, { size: [5, 1], name: "Dimers.xml" });
  assert.deepEqual(JSON.parse(space.json), JSON.parse(readFileSync(join(folder, "d.json"), "utf8")));
  assert.equal(space.edges.length, space.states);
  assert.equal(space.grids[0], "BBBBB");
  assert.equal(space.legend, "BR");
  assert.throws(
    () => mj.explore(tiny, { size: [3, 3], maxStates: 10 }),
    (e) =>
      e instanceof MjError &&
      e.kind === "limit" &&
      e.setting === "maxStates" &&
      /a higher maxStates\)$/.test(e.message),
  );
  assert.throws(() => mj.explore('<one values="BW" in="B" out="W" temperature="1"/>', { size: 2 }), {
    name: "MjError",
    line: 1,
  });
});

test("predecessors() are native mj explore --predecessors', and startCells runs from one", (t) => {
  const folder = scratch(t);
  const xml = '<one values="BR" in="BB" out="RR"/>';
  writeFileSync(join(folder, "Dimers.xml"), xml);
  const model = mj.load(xml, { size: [5, 4], name: "Dimers.xml" });
  try {
    model.start(2);
    model.step(3);
    writeFileSync(join(folder, "grid.txt"), model.stateText());
    const json = join(folder, "p.json");
    execFileSync(mjCli, [
      "explore",
      join(folder, "Dimers.xml"),
      "--predecessors",
      join(folder, "grid.txt"),
      "--json",
      json,
    ]);
    const native = JSON.parse(readFileSync(json, "utf8")).predecessors;
    const found = mj.predecessors(xml, model.grid(), { size: [5, 4], name: "Dimers.xml" });
    assert.ok(native.length >= 2, `${native.length} predecessors`);
    assert.deepEqual(found.predecessors, native);
    assert.equal(found.cells.length, native.length);
    // each predecessor's cells are its text's, and a run started from them holds them at step 0
    model.startCells = found.cells[0];
    model.start(2);
    assert.deepEqual(model.grid().cells, found.cells[0]);
    assert.equal(model.stateText().split("\n").slice(2).join("\n"), native[0].split("\n").slice(2).join("\n"));
    model.startCells = null;
    model.start(2);
    assert.ok(
      model.grid().cells.every((v) => v === 0),
      "back to the empty grid",
    );
    // the empty grid is a Garden of Eden
    assert.deepEqual(mj.predecessors(xml, model.grid(), { size: [5, 4] }).predecessors, []);
    assert.throws(() => mj.predecessors(xml, new Uint8Array(3), { size: [5, 4] }), { name: "MjError" });
  } finally {
    model.dispose();
  }
});

// The debugger: the record's grids are a fresh run's, and breakpoints pause where the rule fires.
test("time travel and breakpoints", () => {
  const maze = [
    '<sequence values="BWAR" origin="True">',
    '<one in="WBB" out="WAW"/>',
    '<all in="A" out="R" steps="1"/>', // line 3
    "</sequence>",
  ].join("\n");
  const model = mj.load(maze, { size: 15 });
  const fresh = mj.load(maze, { size: 15 });
  try {
    assert.equal(model.history, null);
    model.setRecording(true);
    model.run(3, 0);
    assert.deepEqual([model.history.first, model.history.last], [0, model.steps]);
    fresh.start(3);
    for (let k = 0; k <= model.steps; k++, fresh.step()) assert.deepEqual(model.gridAt(k).cells, fresh.grid().cells);
    assert.deepEqual(model.renderAt(model.steps, 1).rgba, model.render(1).rgba);
    assert.throws(() => model.gridAt(model.steps + 1), RangeError); // a step outside the record: a bad argument

    model.start(3);
    assert.equal(model.advance({ breakpoints: [{ line: 3, rule: 0 }] }), "breakpoint");
    assert.deepEqual(model.breakpointHit, { line: 3, rule: 0 });
    fresh.start(3); // the all's rule A -> R fires in the first step after which an R shows
    while (fresh.step() && !fresh.grid().cells.includes(3));
    assert.equal(model.steps, fresh.steps);
    assert.equal(model.advance({ breakpoints: [{ line: 3, rule: 0 }] }), "finished");
    assert.equal(model.breakpointHit, null);
    assert.throws(() => model.advance({ breakpoints: [{ line: 9 }] }), MjError);
  } finally {
    model.dispose();
    fresh.dispose();
  }
});

test("setPins keeps a pinned cell all run long, as mj run --pins; setGoal needs an <observe>", (t) => {
  const folder = scratch(t);
  const xml = '<one values="BWR" in="B" out="W"/>';
  writeFileSync(join(folder, "Pinned.xml"), xml);
  writeFileSync(join(folder, "pins.txt"), "Pinned 5 4 1 1 0\nBWR\n*****\n*****\n***R*\n*****\n");
  const model = mj.load(xml, { size: [5, 4], name: "Pinned.xml" });
  try {
    const pins = new Uint8Array(20).fill(255);
    pins[13] = 2; // x 3, y 2
    model.setPins(pins);
    model.run(1);
    assert.equal(model.grid().cells[13], 2);
    const state = join(folder, "native.txt");
    const pinsFile = join(folder, "pins.txt");
    mjRun(
      join(folder, "Pinned.xml"),
      "--length",
      5,
      "--width",
      4,
      "--pins",
      pinsFile,
      "--state",
      state,
      "--no-picture",
    );
    assert.equal(model.stateText(), readFileSync(state, "utf8"));
    assert.throws(() => model.setGoal(pins), /no inference node/);
    model.setPins(null);
    model.run(1);
    assert.equal(model.grid().cells[13], 1);
  } finally {
    model.dispose();
  }
});
