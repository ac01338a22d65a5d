// The playground page: pick or write a model, run it in a worker, watch it, step it, export it.
import { attributeLint, unknownAttributes } from "./attribute_lint.js";
import { Brushes, FREE, decodePainting, encodePainting, setFreeCell } from "./brush.js";
import { entryPainting } from "./entry_painting.js";
import { completion, setPalette } from "./completion.js";
import { download } from "./download.js";
import { createEditor } from "./editor.js";
import { createGallery } from "./gallery.js";
import { createHelp, exampleRun, helpExtensions } from "./help.js";
import { showHint } from "./hint.js";
import { Overlay } from "./overlay.js";
import { StateGraph } from "./graph_page.js";
import { wireLinks } from "./links.js";
import { MessageLine } from "./message_line.js";
import { ModelList } from "./model_list.js";
import { wireOwnModels } from "./own_models.js";
import { takesKeys, wireKeys } from "./page_keys.js";
import { PredecessorsView } from "./predecessors.js";
import { draftOf, forkName, keepEdited, keepPainting, paintingOf, saveFork, storageProblem } from "./drafts.js";
import { countFrame, topSpeed } from "./pace.js";
import { cellWords, counterWords } from "./frame_words.js";
import { TimelineView } from "./timeline.js";
import { drawTree, firedRules } from "./tree.js";
import { ruleCellChange } from "./rule_pictures.js";
import { View2D } from "./view2d.js";
import { Zoom2D } from "./zoom2d.js";
import { View3D } from "./view3d.js";

const $ = (id) => document.getElementById(id);
const worker = new Worker("worker.js", { type: "module" });
const view2d = new View2D($("grid"), $("changes"));
const zoom2d = new Zoom2D($("stage2d"), $("grid"), $("readout"), (x, y) => cellWordsAt(x, y));
const view3d = new View3D($("stage3d"), (cut) => worker.postMessage({ type: "cut", cut }));
const overlay = new Overlay($("views"), $("viewsPanel"), (on, line) =>
  worker.postMessage({ type: "inspect", on, line }),
);
const stateGraph = new StateGraph({
  ...{ $, worker, view2d, showMessage: (text) => showMessage(text) },
  get state() {
    return state;
  },
  key: () => JSON.stringify([$("model").value, size(), state.stepLimit, editor.text]),
  explore: () => ({ type: "explore", xml: editor.text, name: exportName(), ...sizeAndSteps(), entry: loadEntry() }),
});
const graph = stateGraph.view;
const closeGraph = () => stateGraph.close();
// Predecessors of the grid on screen: the run's (live or past: the worker knows which), or a state of the graph.
const predecessors = new PredecessorsView($("predecessorsPanel"), (m) => {
  const s = m.type === "predecessors" ? state.screen?.graph : undefined;
  worker.postMessage(s === undefined ? m : { ...m, rows: graph.space.grids[s], of: `state ${s} of the state graph` });
});
const timeline = new TimelineView({
  bar: $("timeline"),
  back: $("back"),
  tree: $("tree"),
  send: (m) => worker.postMessage(m),
});
// The brushes (brush.js): a painting kept with the model's draft, and the run begun again with it.
const brushes = new Brushes({
  bar: $("brushes"),
  canvas: $("paint"),
  grid: $("grid"),
  changed: (painting) => {
    act();
    state.linkPainting = false;
    if (state.editing && !keepPainting(state.editing, encodePainting(painting))) showMessage(storageProblem());
    if (state.loadedKey !== key()) return ensureLoaded(); // the load takes the painting
    worker.postMessage({ type: "paint", painting });
  },
  fromStep: () => worker.postMessage({ type: "stepCells" }),
});
// A listed model's own pins and goal (entry_painting.js): the brushes' layers when nothing is painted for
// it (not kept as a painting until changed).
async function paintEntry(entry, { brushes: { colors }, settings: { size } }) {
  const { group, entry: listed } = selected();
  const own = group === "own" || listed?.from?.startsWith("own/"); // mj's list, or a fork of one of its models
  if (brushes.painting || !own || !(entry?.pins || entry?.goal) || size[2] !== 1) return;
  const painting = await entryPainting(entry, { colors, size, free: FREE });
  if (!painting || brushes.painting || state.loadedKey !== key()) return; // painted, or another model loaded, meanwhile
  brushes.setPainting(painting);
  worker.postMessage({ type: "paint", painting });
}
// A painting kept or linked (encodePainting's JSON), or null.
const readPainting = (json) => {
  const painting = json ? decodePainting(json) : null;
  return typeof painting === "string" ? null : painting;
};
const models = new ModelList($("model"));
const state = {
  loadedKey: "",
  modelNotices: [], // the loaded model's: what it writes that nothing reads
  originalXml: "",
  frame: null,
  tree: null,
  checks: new Map(),
  nextCheck: 0,
  rate: null, // where the steps/s count from: {steps, at} of the run's first frame
  running: false, // a run goes on (Run or "to the end"), as the latest frame said
  stepLimit: null, // a link's step limit (else the entry's)
  notice: "", // what the page did, or what a link got wrong (noticeWrong), shown until the next action
  noticeWrong: false,
  choosing: 0, // the latest chooseModel call: an older one that finishes later does nothing
  linksRead: 0,
  linkPainting: false, // a link's painting said with every frame, until the painting or the model changes
  good: null, // the loaded model's {key, sides}: a size the library refuses leaves the page at them
  refusal: "", // a size the library refused, said until a model is loaded
  edited: "", // the editor's text is not the loaded model's: its error or notices, said until it is loaded
  lastExport: "",
  // running frames, those shown and not yet painted, those that came before the last was painted; the views' cost
  pace: { frames: 0, undrawn: 0, mostUndrawn: 0, piledUp: 0, viewsMs: 0, viewsMsMost: 0, frameMs: 0, frameMsMost: 0 },
  palette: {}, // {symbol: 0xRRGGBB} of the loaded model
  exampleEntry: null, // the entry of a help example's run line
  editing: "", // the model whose text the editor holds ("own/Name", "corpus/Name", "fork/Name"): its draft
  screen: null, // what the grid view shows when it is not the run's grid: {graph: a state of the state graph}
};
let ready;
const readyPromise = new Promise((resolve) => (ready = resolve));

// The help panel's "try it" and example links put a program in the editor and run it, at the size and
// seed of its "<!-- run: size=N seed=S d=3 -->" line when it has one (the docs' pictures are made so),
// else at the library's default size. The model's own edits stay kept (drafts.js).
const help = createHelp({ onExample: (xml, name) => tryExample(xml, name) });
function tryExample(xml, name = "example") {
  act();
  closeGraph();
  if (help.overEditor) help.close(); // the program is seen where it goes
  const run = exampleRun(xml, name);
  state.editing = "";
  state.originalXml = xml;
  editor.text = xml;
  state.editing = `example/${name.replace(/\.xml$/, "")}`;
  brushes.setPainting(null);
  state.exampleEntry = run.entry;
  sizeBoxes.forEach((box, i) => (box.value = i < run.sides ? run.size : run.sides ? 1 : ""));
  if (run.seed !== undefined) $("seed").value = run.seed;
  state.stepLimit = null;
  $("run").click();
}
const editor = createEditor($("editor"), {
  extensions: [helpExtensions(help), completion(help), attributeLint(help)],
  check: (xml) =>
    new Promise((resolve) => {
      const id = state.nextCheck++;
      state.checks.set(id, { resolve, xml });
      worker.postMessage({ type: "check", xml, name: exportName(), ...sizeAndSteps(), entry: loadEntry(), id });
    }),
  onChange: (text) => keep(text),
});

// The editor's text kept as it is typed (drafts.js): a fork's own text, else the model's draft.
function keep(text) {
  if (!state.editing) return;
  if (keepEdited(state.editing, text, state.originalXml)) showMessage(storageProblem());
  $("revert").disabled = state.editing.startsWith("fork/") || text === state.originalXml;
  const option = $("model").selectedOptions[0];
  if (option?.value === state.editing) models.relabel(option);
}

const sizeBoxes = ["mx", "my", "mz"].map($);
const size = () => sizeBoxes.map((box) => +box.value);
// The size boxes, or null while they are empty: a chosen model is loaded at the size the library gives
// it (its entry's, else mj's default), which then fills them.
const givenSize = () => (sizeBoxes.some((box) => box.value === "") ? null : size());
const speed = () => 2 ** +$("speed").value;
const speedText = () => (speed() >= topSpeed ? "full speed" : `${speed()} steps/frame`);
// Each model runs at its own speed: the slider's top (a frame every 50 ms of work, the engine's own pace)
// until it is moved for that model (this page's memory).
const speeds = new Map();
function setSpeed(value) {
  $("speed").value = value;
  $("speedText").textContent = speedText();
  worker.postMessage({ type: "speed", speed: speed() });
}
const selected = () => models.selected();
const key = () =>
  JSON.stringify([$("model").value, size(), +$("seed").value, state.stepLimit, editor.text, $("backtrack").checked]);
// The line under the grid (message_line.js).
const line = new MessageLine({
  ...{ element: $("message"), state, key },
  ...{ editorText: () => editor.text, paintingWords: () => brushes.words() },
});
const showMessage = (text, notice = false) => line.show(text, notice);
const showNotice = (text) => line.notice(text);
const showStanding = () => line.standing();
// The entry the model loads with: the list's, or an example's run line (else the library's defaults); and the
// size boxes and a link's step limit (null: the entry's).
const example = () => (state.editing.startsWith("example/") ? state.editing.slice(8) : null);
// (a model of one's own made new has no entry: the library's defaults)
const loadEntry = () => (example() ? state.exampleEntry : selected().entry?.mx ? selected().entry : null);
const sizeAndSteps = () => ({ size: givenSize(), steps: state.stepLimit });
// The name a run's exports take: the model's ("NAME-edited" for a listed model the editor holds edits of).
function exportName() {
  const { group, name } = selected();
  if (example()) return example();
  if (!name) return "model";
  return group === "fork" || editor.text === state.originalXml ? name : `${name}-edited`;
}

// Loads the model as the page shows it, unless that is what is loaded already.
function ensureLoaded() {
  if (state.loadedKey === key()) return;
  stateGraph.loading();
  state.loadedKey = key();
  state.loading = true;
  worker.postMessage({
    type: "load",
    xml: editor.text,
    name: exportName(),
    ...sizeAndSteps(),
    seed: +$("seed").value,
    entry: loadEntry(),
    isometric: !view3d.available,
    backtrack: $("backtrack").checked,
    painting: brushes.painting,
  });
}

// Shows a listed model ("own/Name" or "corpus/Name") with a link's settings, and loads it.
async function chooseModel(value, overrides = {}) {
  const turn = ++state.choosing;
  state.loading = true;
  state.linkPainting = false;
  closeGraph(); // the graph of the model left
  $("model").value = value;
  const { group, name, entry } = selected();
  const xml = await models.text();
  if (turn !== state.choosing) return;
  if (xml === null) {
    state.loading = false;
    return showMessage(entry ? `the model ${name} could not be read` : `no model named ${value}`);
  }
  // the text kept of this model in this browser, unless a link brings its own (the kept one is then forked)
  const draft = draftOf(value);
  let kept = "";
  if (draft !== null && overrides.xml !== undefined && overrides.xml !== draft) {
    kept = forkName(name);
    saveFork(kept, value, draft);
    models.fillForks();
  }
  state.editing = "";
  state.originalXml = xml;
  editor.text = overrides.xml ?? draft ?? state.originalXml;
  state.editing = value; // from here on the text typed is kept as this model's (a link's text is not a draft)
  const painting = readPainting(overrides.painting ?? paintingOf(value)); // a link's, else the one kept
  brushes.setPainting(painting);
  $("revert").disabled = group === "fork" || editor.text === state.originalXml;
  $("rename").hidden = $("delete").hidden = group !== "fork"; // a model of one's own
  if (kept) state.notice = `your edits of ${name} are kept as the fork ${kept} (in the model list)`;
  else if (draft !== null && overrides.xml === undefined)
    state.notice = `your edits of ${name} are back from this browser's storage (revert: the model's own text)`;
  // 2 sides: 2D; a painting kept without a size given: the size it was painted at
  const sides = overrides.size ?? (painting ? [painting.mx, painting.my, 1] : null);
  sizeBoxes.forEach((box, i) => (box.value = sides ? (sides[i] ?? 1) : ""));
  if (overrides.seed !== undefined) $("seed").value = overrides.seed;
  if (overrides.speed !== undefined) speeds.set(value, overrides.speed);
  setSpeed(speeds.get(value) ?? $("speed").max);
  state.stepLimit = overrides.steps ?? null;
  state.loadedKey = "";
  forgetShare();
  ensureLoaded();
}

const listed = (model) => models.listed(model);

// A size the library refuses (more cells than the page allows): the page stays at the loaded model's size, said.
function refuseSize(text) {
  const sides = state.good.sides;
  sizeBoxes.forEach((box, i) => (box.value = sides[i]));
  if (key() === state.good.key) state.loadedKey = key();
  state.refusal = `${text}: the size boxes are back at ${(sides[2] > 1 ? sides : sides.slice(0, 2)).join("×")}`;
  showStanding();
}

// A load is done: the size boxes left empty for it show the size the library chose.
function showSettings({ size: sides }) {
  state.loading = false;
  if (givenSize() !== null || state.loadedKey !== key()) return;
  sizeBoxes.forEach((box, i) => (box.value = sides[i]));
  state.loadedKey = key();
}

function showFrame(f) {
  const began = performance.now();
  state.frame = f;
  state.running = !!f.running;
  state.screen = null;
  const d3 = f.mz > 1 && view3d.available;
  $("stage2d").style.display = d3 ? "none" : "";
  $("stage3d").style.display = d3 ? "block" : "none";
  $("glb").hidden = f.mz === 1; // glTF: a mesh of 3D grids
  if (d3) view3d.draw(f);
  else view2d.draw({ mx: f.width ?? f.mx, my: f.height ?? f.my, rgba: f.rgba });
  if (f.before && f.after && f.mz === 1) view2d.showChanges(f.mx, f.my, f.before, f.after);
  if (f.tree) overlay.setTree(f.tree);
  const viewsBegan = performance.now();
  overlay.show(f.inspection ?? null, f.valueColors, f.valueCells, f.finished && f.viewing == null);
  const viewsMs = performance.now() - viewsBegan;
  if (f.tree) {
    // a step taken, or a past step with the tree before it (worker.js replays the run there)
    const before = f.treeBefore ?? (f.before ? state.tree : undefined);
    $("fired").textContent = before !== undefined ? firedRules(f.tree, before).join("\n") : "";
    state.tree = f.tree;
    drawTree($("tree"), f.tree, { colors: state.palette, onCell: editRule }, f.finished);
  }
  $("counter").textContent = counterWords(f, takesKeys(state.tree));
  timeline.onFrame(f, state.tree);
  if (f.rows !== undefined) graph.markRun(f.rows);
  markGutter();
  if (f.ms !== undefined) {
    // counted from the run's first frame: what it took and when it began
    if (!state.rate || f.steps < state.rate.steps)
      state.rate = { steps: f.steps - f.taken, at: performance.now() - f.ms };
    const seconds = (performance.now() - state.rate.at) / 1000;
    if (seconds > 0.2) $("rate").textContent = `${Math.round((f.steps - state.rate.steps) / seconds)} steps/s`;
  }
  showStanding();
  $("run").textContent = f.finished && f.viewing == null ? "Rerun" : "Run"; // a finished run starts again
  countFrame(state.pace, f, began, viewsMs);
  // drawn once the browser has painted it: the worker then sends the next (worker.js, back-pressure)
  requestAnimationFrame(() => (state.pace.undrawn--, worker.postMessage({ type: "drawn" })));
}

// A click on a cell of a rule's picture: the cell's next symbol (the grid's values, then '*': a map's
// output those of its new grid), written into the program text at that rule's attribute; the model is
// loaded again, so the tree shows the new rule.
function editRule(node, written, side, index) {
  const change = ruleCellChange(editor.text, node, written, side, index);
  if (typeof change === "string") return showMessage(change);
  editor.view.dispatch({ changes: change });
  act();
  ensureLoaded();
}

// The editor's gutter: the node that runs next at the step on screen, and the breakpoints' lines (the
// marks belong to the loaded text: none once it is edited).
function markGutter() {
  const loaded = state.loadedKey === key();
  const line = loaded && !state.frame?.finished ? (state.frame?.active?.line ?? 0) : 0;
  const breakpoints = loaded ? [...timeline.breakpoints.values()].map((b) => b.line) : [];
  // marked again only when the marks change: a mark set makes the editor measure the page (a layout a frame)
  const marks = JSON.stringify([line, breakpoints]),
    doc = editor.view.state.doc; // a new text (even the same again) holds no marks
  if (marks === state.gutter?.marks && doc === state.gutter.doc) return;
  state.gutter = { marks, doc };
  editor.mark(line, breakpoints);
}

const cellWordsAt = (x, y) => cellWords(x, y, { ...state, space: graph.space, overlay });

worker.onmessage = ({ data }) => {
  if (data.type === "ready") (setFreeCell(data.freeCell), ready(data.defaults));
  else if (data.type === "lists") fillModels(data);
  // the new model's first frame comes next: until then no frame (a finished one of the model before would
  // read as this run's end)
  else if (data.type === "loaded")
    (showSettings(data.settings),
      (state.good = { key: state.loadedKey, sides: data.settings.size }), // a refused size goes back to it
      (state.edited = state.refusal = ""),
      line.markStale(false),
      (state.modelNotices = data.notices),
      setPalette(data.palette),
      brushes.setModel({ ...data.brushes, sides: data.settings.size }),
      paintEntry(loadEntry(), data),
      (state.palette = data.palette ?? {}),
      (state.frame = null),
      forgetRate(),
      timeline.clear(),
      predecessors.clear(),
      overlay.forget(),
      zoom2d.fit());
  else if (data.type === "frame") showFrame(data);
  else if (data.type === "stepCells") brushes.takeStep(data);
  else if (data.type === "mesh")
    view3d.drawMesh(data.mesh); // the cutaway moved
  else if (data.type === "checked") {
    const asked = state.checks.get(data.id);
    state.checks.delete(data.id);
    asked?.resolve(data.error);
    if (asked) line.checked(asked.xml, data);
  } else if (data.type === "said")
    showMessage(data.text); // a key refused
  else if (data.type === "file") {
    download(data.name, data.bytes ?? data.text);
    state.lastExport = data.name;
    if (data.note) showNotice((state.notice = data.note)); // what the file holds (a GIF's frames)
  } else if (data.type === "explored") {
    stateGraph.explored(data);
  } else if (data.type === "predecessors") predecessors.show(data);
  else if (data.type === "error") {
    state.loadedKey = ""; // what failed is loaded again next time
    state.loading = false;
    if (data.refusedSize) return refuseSize(data.text);
    if (!data.loaded) {
      // no model is loaded: the tree and the fired rules were the previous one's
      state.tree = null;
      $("tree").replaceChildren();
      $("fired").textContent = "";
    }
    showMessage(state.notice ? `${state.notice}; ${data.text}` : data.text);
  }
};

function fillModels(lists) {
  models.fill(lists);
  models.relabelAll();
  openLink();
}

// A link pasted into the open page loads.
window.addEventListener("hashchange", () => {
  if (location.hash.length > 1) openLink();
});
const act = () => ((state.notice = ""), (state.noticeWrong = false));
$("model").onchange = () => (act(), chooseModel($("model").value));
$("random").onclick = () => ($("seed").value = Math.floor(Math.random() * 2 ** 31));
// The steps/s of the run before, not this one's.
const forgetRate = () => ((state.rate = null), ($("rate").textContent = ""));
$("run").onclick = () => {
  act();
  ensureLoaded();
  forgetRate();
  state.running = true;
  worker.postMessage({ type: "run", speed: speed() });
};
$("end").onclick = () => {
  act();
  ensureLoaded();
  forgetRate();
  state.running = true;
  worker.postMessage({ type: "end" });
};
// "state graph": the graph of the model as it is now; pressed again for the same, it stays as it is.
$("graphButton").onclick = () => {
  act();
  ensureLoaded(); // the node tree and the grid view show the model whose graph this is
  stateGraph.ask();
};
$("pause").onclick = () => ((state.running = false), worker.postMessage({ type: "pause" }));
$("reset").onclick = () => (act(), ensureLoaded(), forgetRate(), worker.postMessage({ type: "reset" }));
const gallery = createGallery({
  onOpen: (model) => (act(), chooseModel(model).then(() => $("run").click())),
  has: (model) => listed(model) === model,
});
$("galleryButton").onclick = () => gallery.show();
$("tree").addEventListener("click", () => markGutter()); // after timeline.js's: a breakpoint set or cleared
$("helpButton").onclick = () => help.show();
$("step").onclick = () => (act(), ensureLoaded(), worker.postMessage({ type: "step", count: 1 }));
$("next").onclick = () => (act(), ensureLoaded(), worker.postMessage({ type: "next" }));
$("speed").oninput = () => {
  speeds.set($("model").value, $("speed").value);
  setSpeed($("speed").value);
};
$("speedText").textContent = speedText();
// The exports are of the grid on screen (a state of the graph: its rows).
for (const button of document.querySelectorAll("[data-export]"))
  button.onclick = () => {
    const s = state.screen?.graph;
    worker.postMessage({
      type: "export",
      what: button.dataset.export,
      rows: s === undefined ? undefined : graph.space.grids[s],
    });
  };
$("gif").onclick = () => {
  const on = $("gif").textContent === "record GIF";
  $("gif").textContent = on ? "stop GIF" : "record GIF";
  worker.postMessage({ type: "gif", on });
};
// The share box's link is of the model it was made for.
const forgetShare = () => (($("shareLink").hidden = true), ($("shareCopied").textContent = ""));
$("revert").onclick = () => (act(), (editor.text = state.originalXml));
// The grid view's room changes with the window, and with the help's column opening beside the editor.
const resized = new ResizeObserver(
  () => (view3d.resize(), graph.fit(), graph.canvasGraph?.resize(), graph.canvasGraph?.draw()),
);
for (const id of ["view", "stage3d"]) resized.observe($(id)); // the 3D view also shrinks as the timeline's bar grows
wireKeys({ $, worker, brushes, state });
const openLink = wireLinks({ $, models, editor, brushes, state, size, showMessage, chooseModel });
wireOwnModels({ $, models, editor, state, act, showMessage, chooseModel, ensureLoaded, givenSize });

const defaults = await readyPromise; // the library's: the seed box starts at its seed
if ($("seed").value === "") $("seed").value = defaults.seed;
const text = async (url) => {
  const response = await fetch(url);
  return response.ok ? response.text() : "";
};
worker.postMessage({ type: "lists", own: await text("own/demo.xml"), corpus: await text("corpus/models.xml") });
showHint({ gallery, help });

// For tests and the curious: the page's state.
window.mjPlayground = {
  ...{ state, view2d, view3d, zoom2d, overlay, graph, predecessors, timeline, brushes },
  ...{ chooseModel, editor, help, gallery },
};
window.mjPlayground.attributeMarks = (text) => unknownAttributes(text, help.bundle.accepts, help.bundle.nodes);
