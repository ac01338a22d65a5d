// The playground page: pick or write a model, run it in a worker, watch it, step it, export it.
import { attributeLint, unknownAttributes } from "./attribute_lint.js";
import { Brushes, FREE, decodePainting, encodePainting } from "./brush.js";
import { completion, setPalette } from "./completion.js";
import { createEditor } from "./editor.js";
import { createGallery, variantIds } from "./gallery.js";
import { createHelp, helpExtensions } from "./help.js";
import { showHint } from "./hint.js";
import { Overlay } from "./overlay.js";
import { GraphView, MAX_GRAPH_STATES } from "./graph.js";
import { PredecessorsView } from "./predecessors.js";
import { decodeShare, encodeShare, readableLink } from "./share.js";
import {
  draftOf,
  dropFork,
  forkName,
  forks,
  keepDraft,
  keepPainting,
  newName,
  paintingOf,
  renameFork,
  saveFork,
  storageProblem,
} from "./drafts.js";
import { topSpeed } from "./pace.js";
import { TimelineView } from "./timeline.js";
import { drawTree, firedRules } from "./tree.js";
import { nextSymbol, ruleSource } from "./rule_pictures.js";
import { View2D } from "./view2d.js";
import { Zoom2D } from "./zoom2d.js";
import { View3D } from "./view3d.js";

const $ = (id) => document.getElementById(id);
const worker = new Worker("worker.js", { type: "module" });
const view2d = new View2D($("grid"), $("changes"));
const zoom2d = new Zoom2D($("stage2d"), $("grid"), $("readout"), (x, y) => cellWords(x, y));
const view3d = new View3D($("stage3d"), (cut) => worker.postMessage({ type: "cut", cut }));
const overlay = new Overlay($("views"), $("viewsPanel"), (on, line) =>
  worker.postMessage({ type: "inspect", on, line }),
);
// A state clicked in the state graph is shown in the grid view.
const graph = new GraphView(
  $("graph"),
  (picked, picture) => {
    (($("stage2d").style.display = ""), ($("stage3d").style.display = "none"));
    view2d.draw(picture);
    state.screen = { graph: picked }; // the grid on screen, until the run shows a frame again
    $("counter").textContent = `state ${picked} of the state graph`;
  },
  () => closeGraph(),
);
// The state graph belongs to the model it was drawn for ({key, request}: what was asked, the latest
// request): a reply to an older request, or for a model since left, is not shown; a model loaded anew
// as another (its text, its size) closes it.
const graphAsked = { key: "", request: 0 };
function closeGraph() {
  graphAsked.request++;
  graphAsked.key = "";
  if (state.screen) state.screen = null;
  if (graph.shown) worker.postMessage({ type: "rows", on: false });
  graph.clear();
}
const graphKey = () => JSON.stringify([$("model").value, size(), state.stepLimit, editor.text]);
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
    if (state.editing && !keepPainting(state.editing, encodePainting(painting))) showMessage(storageProblem());
    if (state.loadedKey !== key()) return ensureLoaded(); // the load takes the painting
    worker.postMessage({ type: "paint", painting });
  },
  fromStep: () => worker.postMessage({ type: "stepCells" }),
});
// A listed model's own pins and goal (its entry's pins="FILE", goal="FILE": pictures beside mj's list in its
// colours, transparent cells free), as mj run MODEL.xml reads them: the brushes' layers when nothing is
// painted for it (not kept as a painting until changed).
async function paintEntry(entry, { brushes: { colors }, settings: { size } }) {
  const { group, entry: listed } = selected();
  const own = group === "own" || listed?.from?.startsWith("own/"); // mj's list, or a fork of one of its models
  if (brushes.painting || !own || !(entry?.pins || entry?.goal) || size[2] !== 1) return;
  const painting = { mx: size[0], my: size[1] };
  for (const name of ["pins", "goal"]) {
    if (!entry[name]) continue;
    const response = await fetch(`own/${entry[name]}`);
    if (!response.ok) return;
    const options = { colorSpaceConversion: "none", premultiplyAlpha: "none" };
    const bitmap = await createImageBitmap(await response.blob(), options);
    if (bitmap.width !== size[0] || bitmap.height !== size[1]) return;
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext("2d");
    g.drawImage(bitmap, 0, 0);
    const rgba = g.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const layer = (painting[name] = new Uint8Array(size[0] * size[1]).fill(FREE));
    for (let i = 0; i < layer.length; i++)
      if (rgba[4 * i + 3] !== 0) {
        const value = colors.indexOf((rgba[4 * i] << 16) | (rgba[4 * i + 1] << 8) | rgba[4 * i + 2]);
        if (value >= 0) layer[i] = value;
      }
  }
  if (brushes.painting || state.loadedKey !== key()) return; // painted, or another model loaded, meanwhile
  brushes.setPainting(painting);
  worker.postMessage({ type: "paint", painting });
}
// A painting kept or linked (encodePainting's JSON), or null.
const readPainting = (json) => {
  const painting = json ? decodePainting(json) : null;
  return typeof painting === "string" ? null : painting;
};
const lists = { own: [], corpus: [], fork: [] };
const texts = new Map(); // the listed models' texts, fetched once
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
  const run = Object.fromEntries(
    [...(xml.match(/<!--\s*run:([^>]*)-->/)?.[1] ?? "").matchAll(/(\w+)=(\d+)/g)].map((m) => [m[1], +m[2]]),
  );
  state.editing = "";
  state.originalXml = xml;
  editor.text = xml;
  state.editing = `example/${name.replace(/\.xml$/, "")}`;
  brushes.setPainting(null);
  const sides = run.size ? (run.d === 3 ? 3 : 2) : 0;
  // as models.xml would list it (the docs' pictures are made with these: scripts/docs.py)
  state.exampleEntry = sides
    ? { name, mx: run.size, my: run.size, mz: sides === 3 ? run.size : 1, ...(run.steps ? { steps: run.steps } : {}) }
    : null;
  sizeBoxes.forEach((box, i) => (box.value = i < sides ? run.size : sides ? 1 : ""));
  if (run.seed !== undefined) $("seed").value = run.seed;
  state.stepLimit = null;
  $("run").click();
}
const editor = createEditor($("editor"), {
  extensions: [helpExtensions(help), completion(help), attributeLint(help)],
  check: (xml) =>
    new Promise((resolve) => {
      const id = state.nextCheck++;
      state.checks.set(id, resolve);
      worker.postMessage({ type: "check", xml, name: exportName(), ...sizeAndSteps(), entry: loadEntry(), id });
    }),
  onChange: (text) => keep(text),
});

// The editor's text kept as it is typed (drafts.js): a fork's own text, else the model's draft.
function keep(text) {
  if (!state.editing) return;
  const [group, name] = state.editing.split("/");
  const fork = group === "fork" && forks().find((f) => f.name === name);
  if (fork) saveFork(name, fork.from, text);
  else keepDraft(state.editing, text, state.originalXml);
  if (storageProblem()) showMessage(storageProblem());
  $("revert").disabled = group === "fork" || text === state.originalXml;
  const option = $("model").selectedOptions[0];
  if (option && `${group}/${name}` === option.value) relabel(option);
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
const selected = () => {
  const [group, name] = $("model").value.split("/");
  const entry = lists[group]?.find((e) => e.id === name); // an id: NAME, or NAME-2... for a name's later entries
  return { group, name: entry?.name ?? name, entry };
};
const key = () =>
  JSON.stringify([$("model").value, size(), +$("seed").value, state.stepLimit, editor.text, $("backtrack").checked]);
// The line under the grid: what went wrong (red), or a notice of what the page did (state.notice, unless
// it says what a link got wrong).
function showMessage(text, notice = false) {
  $("message").textContent = text;
  $("message").classList.toggle("notice", notice);
}
const showNotice = (text) => showMessage(text, !state.noticeWrong);
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
  if (graphAsked.key && graphAsked.key !== graphKey()) closeGraph();
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
  closeGraph(); // the graph of the model left
  $("model").value = value;
  const { group, name, entry } = selected();
  let xml = null;
  if (group === "fork") xml = forks().find((f) => f.name === name)?.xml ?? null;
  else if (entry) {
    const url = group === "own" ? `own/${name}.xml` : `corpus/models/${name}.xml`;
    try {
      xml = texts.get(url) ?? null;
      if (xml === null) {
        const response = await fetch(url);
        if (response.ok) texts.set(url, (xml = await response.text())); // a shared URL carries the text only when it differs
      }
    } catch {
      // said below
    }
  }
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
    fillForks();
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

// The listed model a link names: "own/Name", "corpus/Name" or a bare name (mj's own first).
function listed(model) {
  const [group, name] = model.includes("/") ? model.split("/") : [null, model];
  for (const g of group ? [group] : ["own", "corpus"]) {
    if (lists[g]?.some((e) => e.id === name)) return `${g}/${name}`;
    if (sameAs.has(`${g}/${name}`)) return sameAs.get(`${g}/${name}`); // a twin: its first
  }
  return null;
}
const defaultModel = () => (lists.own.length ? `own/${lists.own[0].name}` : `corpus/${lists.corpus[0].name}`);

// Opens the page's link (a hash link, else a readable ?model= link, else the first model): what it gets
// wrong is said once in the status line, and the page loads what is valid (the first model if the
// link names none it has).
function openLink() {
  state.linksRead++;
  const link = decodeShare(location.hash) ?? readableLink(location.search);
  if (!link) return chooseModel(defaultModel()).then(() => $("run").click()); // a first look: it runs
  // read once: the address bar goes back to the page, so that a reload keeps the work done since
  history.replaceState(null, "", location.pathname);
  const { share, problems } = link;
  const words = problems.length ? [`this link is broken: ${problems.join("; ")}`] : [];
  let model = share.model && listed(share.model);
  if (share.model && !model) words.push(`no model named ${share.model}`);
  state.notice = words.join("; ");
  state.noticeWrong = true;
  showMessage(state.notice);
  // a valid link runs, as a first look does: its run, not step 0 of an empty grid
  const chosen = chooseModel(model || defaultModel(), share);
  return problems.length || state.notice ? chosen : chosen.then(() => $("run").click());
}

// A load is done: the size boxes left empty for it show the size the library chose.
function showSettings({ size: sides }) {
  state.loading = false;
  labelChosen(sides);
  if (givenSize() !== null || state.loadedKey !== key()) return;
  sizeBoxes.forEach((box, i) => (box.value = sides[i]));
  state.loadedKey = key();
}

// An option's words in the model list: its entry's ("MazeGrowth (359×359)"), the size the chosen one runs
// at when that is not its entry's ("MazeGrowth (359×359), now 21×21"), and "edited" when this browser keeps
// edits of a listed model (drafts.js).
function relabel(option) {
  option.dataset.label ??= option.textContent;
  const own = option.dataset.label,
    sides = state.sides;
  const size = sides && (sides[2] > 1 ? sides : sides.slice(0, 2)).join("×");
  const now = option.selected && size && !own.endsWith(`(${size})`) ? `, now ${size}` : "";
  const edited = !option.value.startsWith("fork/") && draftOf(option.value) !== null ? " · edited" : "";
  if (option.textContent !== own + now + edited) option.textContent = own + now + edited;
}
function labelChosen(sides) {
  state.sides = sides;
  for (const option of $("model").options) relabel(option);
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
  overlay.show(f.inspection ?? null, f.valueColors, f.valueCells);
  state.pace.viewsMs = performance.now() - viewsBegan;
  if (f.ms !== undefined) state.pace.viewsMsMost = Math.max(state.pace.viewsMsMost, state.pace.viewsMs); // running
  const end = f.limit ? ` (stopped at the step limit of ${f.limit.toLocaleString("en")} steps)` : " (finished)";
  const searching = f.search ? `, searching: ${f.search.states} states, frontier ${f.search.frontier}` : "";
  $("counter").textContent =
    `${f.steps.toLocaleString("en")} step${f.steps === 1 ? "" : "s"}${f.finished ? end : searching}`;
  if (f.tree) {
    // a step taken, or a past step with the tree before it (worker.js replays the run there)
    const before = f.treeBefore ?? (f.before ? state.tree : undefined);
    $("fired").textContent = before !== undefined ? firedRules(f.tree, before).join("\n") : "";
    state.tree = f.tree;
    drawTree($("tree"), f.tree, { colors: state.palette, onCell: editRule }, f.finished);
  }
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
  // the page's notice, then what the model writes that nothing reads, then what went wrong in the run
  showNotice([state.notice, ...state.modelNotices, ...(f.runNotices ?? [])].filter(Boolean).join("; "));
  state.pace.frameMs = performance.now() - began; // the page's own work for the frame, views included
  if (f.ms !== undefined) state.pace.frameMsMost = Math.max(state.pace.frameMsMost, state.pace.frameMs);
  // drawn once the browser has painted it: the worker then sends the next (worker.js, back-pressure)
  if (f.ms !== undefined) state.pace.frames++;
  if (f.ms !== undefined && state.pace.undrawn > 0) state.pace.piledUp++; // a running frame before the last was drawn
  state.pace.undrawn++;
  state.pace.mostUndrawn = Math.max(state.pace.mostUndrawn, state.pace.undrawn);
  requestAnimationFrame(() => (state.pace.undrawn--, worker.postMessage({ type: "drawn" })));
}

// A click on a cell of a rule's picture: the cell's next symbol (the grid's values, then '*': a map's
// output those of its new grid), written into the program text at that rule's attribute; the model is
// loaded again, so the tree shows the new rule.
function editRule(node, written, side, index) {
  const place = ruleSource(editor.text, node.line, written)?.[side];
  const shown = node.rules.filter((r) => r.original)[written]?.[side === "in" ? "input" : "output"];
  if (!place || place.value.length !== shown?.length || place.value[index] === undefined)
    return showMessage(`this rule is not written as ${side}="${shown}" in the text: edit it there`);
  const next = nextSymbol(place.value[index], side === "in" ? node.legend : (node.outputLegend ?? node.legend));
  editor.view.dispatch({ changes: { from: place.valueFrom + index, to: place.valueFrom + index + 1, insert: next } });
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

// The readout of cell (x, y) of a 2D frame: "x 3, y 5: W (value 1)" and what the views show there. The
// frame is mj's picture at a pixel a cell: its colour is the symbol's, the first of the legend with it.
function cellWords(x, y) {
  if (state.screen) {
    const symbol = graph.space.grids[state.screen.graph].split(" ")[0].split("/")[y]?.[x];
    return symbol ? `x ${x}, y ${y}: ${symbol} (value ${graph.space.legend.indexOf(symbol)})` : "";
  }
  const f = state.frame;
  if (!f || f.mz !== 1 || !f.rgba || f.width !== f.mx) return "";
  const k = (x + y * f.mx) * 4;
  const rgb = (f.rgba[k] << 16) | (f.rgba[k + 1] << 8) | f.rgba[k + 2];
  const value = [...(f.legend ?? "")].findIndex((symbol) => state.palette?.[symbol] === rgb);
  const cell = value >= 0 ? `${f.legend[value]} (value ${value})` : `#${rgb.toString(16).padStart(6, "0")}`;
  const view = overlay.valueAt(x, y);
  return `x ${x}, y ${y}: ${cell}${view ? `; ${view}` : ""}`;
}

function download(name, data) {
  state.lastExport = name;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([data]));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

worker.onmessage = ({ data }) => {
  if (data.type === "ready") ready(data.defaults);
  else if (data.type === "lists") fillModels(data);
  // the new model's first frame comes next: until then no frame (a finished one of the model before would
  // read as this run's end)
  else if (data.type === "loaded")
    (showSettings(data.settings),
      (state.modelNotices = data.notices),
      setPalette(data.palette),
      brushes.setModel({ ...data.brushes, sides: data.settings.size }),
      paintEntry(loadEntry(), data),
      (state.palette = data.palette ?? {}),
      (state.frame = null),
      forgetRate(),
      timeline.clear(),
      predecessors.clear(),
      zoom2d.fit());
  else if (data.type === "frame") showFrame(data);
  else if (data.type === "stepCells") brushes.takeStep(data);
  else if (data.type === "mesh")
    view3d.drawMesh(data.mesh); // the cutaway moved
  else if (data.type === "checked") (state.checks.get(data.id)?.(data.error), state.checks.delete(data.id));
  else if (data.type === "file") {
    download(data.name, data.bytes ?? data.text);
    if (data.note) showNotice((state.notice = data.note)); // what the file holds (a GIF's frames)
  } else if (data.type === "explored") {
    if (data.request !== graphAsked.request) return; // a graph since closed, or of a model since left
    graphAsked.key = data.error ? "" : graphKey(); // refused: asked again, it is tried again (else the size the load chose)
    showMessage(data.error ? data.error.text : graph.show(data.space));
    if (!data.error) worker.postMessage({ type: "rows", on: true }); // the run's state marked on it
  } else if (data.type === "predecessors") predecessors.show(data);
  else if (data.type === "error") {
    state.loadedKey = ""; // what failed is loaded again next time
    state.loading = false;
    if (!data.loaded) {
      // no model is loaded: the tree and the fired rules were the previous one's
      state.tree = null;
      $("tree").replaceChildren();
      $("fired").textContent = "";
    }
    showMessage(state.notice ? `${state.notice}; ${data.text}` : data.text);
  }
};

// Entries of a name listed again with the same size and step limit (CarmaTower and its iso="True" twin:
// settings of mj run's pictures, which the page draws its own way) are listed once, the first; a link
// to a later one opens the first.
const sameAs = new Map(); // "group/id" of a twin -> "group/id" of the first
function dropTwins(group, entries) {
  const first = new Map();
  return entries.filter((e) => {
    const key = JSON.stringify([e.name, e.mx, e.my, e.mz, e.steps]);
    if (!first.has(key)) return first.set(key, e.id);
    sameAs.set(`${group}/${e.id}`, `${group}/${first.get(key)}`);
    return false;
  });
}

function fillModels({ own, corpus }) {
  for (const entries of [own, corpus]) variantIds(entries).forEach((id, i) => (entries[i].id = id));
  lists.own = dropTwins("own", own);
  lists.corpus = dropTwins("corpus", corpus);
  const select = $("model");
  for (const [group, label, entries] of [
    ["own", "mj's models", lists.own],
    ["corpus", "MarkovJunior corpus", lists.corpus],
  ]) {
    if (!entries.length) continue;
    const optgroup = document.createElement("optgroup");
    optgroup.label = label;
    for (const e of entries)
      optgroup.appendChild(
        new Option(`${e.name} (${e.mz > 1 ? `${e.mx}×${e.my}×${e.mz}` : `${e.mx}×${e.my}`})`, `${group}/${e.id}`),
      );
    select.appendChild(optgroup);
  }
  fillForks();
  openLink();
}

// The model list's "your models" group, from the browser's storage (new models and forks): each with its
// model's size.
function fillForks() {
  const entryOf = (from) => {
    const [group, id] = from.split("/");
    return lists[group]?.find((e) => e.id === id);
  };
  lists.fork = forks().map((f) => ({ ...(entryOf(f.from) ?? {}), id: f.name, name: f.name, from: f.from }));
  const select = $("model");
  select.querySelector("optgroup[data-forks]")?.remove();
  if (!lists.fork.length) return;
  const optgroup = Object.assign(document.createElement("optgroup"), { label: "your models (this browser)" });
  optgroup.dataset.forks = "";
  for (const e of lists.fork) optgroup.appendChild(new Option(e.name, `fork/${e.id}`));
  select.appendChild(optgroup);
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
  if (graphAsked.key === graphKey()) return;
  closeGraph();
  graphAsked.key = graphKey();
  const message = { type: "explore", xml: editor.text, name: exportName(), ...sizeAndSteps(), entry: loadEntry() };
  worker.postMessage({ ...message, maxStates: MAX_GRAPH_STATES, request: graphAsked.request });
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
// The link goes to the clipboard and the box beside the button, not the address bar: a reload shows the
// work as it is now, not as it was shared.
$("share").onclick = () => {
  const { group, entry } = selected();
  const model = group === "fork" ? (entry?.from ?? "") : $("model").value;
  const share = { model, size: size(), seed: +$("seed").value, speed: +$("speed").value };
  if (state.stepLimit) share.steps = state.stepLimit;
  if (group === "fork" || editor.text !== state.originalXml) share.xml = editor.text;
  const painting = encodePainting(brushes.painting);
  if (painting) share.painting = painting;
  const link = location.href.split("#")[0].split("?")[0] + encodeShare(share);
  $("shareLink").value = link;
  $("shareLink").hidden = false;
  $("shareLink").select();
  const said = (text) => ($("shareCopied").textContent = text);
  said("");
  (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"))).then(
    () => said("copied"),
    () => said("select and copy the link"),
  );
};
// An edited copy kept under its own name, listed under "your forks".
$("fork").onclick = () => {
  const { group, name, entry } = selected();
  const from = group === "fork" ? entry.from : $("model").value;
  const forked = forkName(name);
  if (!saveFork(forked, from, editor.text)) return showMessage(storageProblem());
  if (group !== "fork") keepDraft($("model").value, state.originalXml, state.originalXml); // the edits moved
  fillForks();
  state.notice = `kept as the fork ${forked}`;
  chooseModel(`fork/${forked}`, { size: givenSize() ?? undefined, seed: +$("seed").value });
};
$("revert").onclick = () => (act(), (editor.text = state.originalXml));
// A model of one's own: a program of no rules yet, with the values to write them in.
const NEW_MODEL = `<!-- Your model: values are its symbols, the first fills the grid. Write its rules inside,
     for instance <one in="WB" out="WW"/> (hover a name for help, Ctrl+Space completes). -->
<markov values="BW" origin="True">
</markov>
`;
$("newModel").onclick = () => {
  act();
  const name = newName();
  if (!saveFork(name, "", NEW_MODEL)) return showMessage(storageProblem());
  fillForks();
  state.notice = `${name}: a model of your own, kept in this browser as you type`;
  chooseModel(`fork/${name}`);
};
// A name for a model: letters, digits, spaces, '-', '_' and '.' (it names its exports).
const modelName = /^[\w-][\w .-]{0,59}$/;
$("rename").onclick = () => {
  act();
  const { group, name } = selected();
  const to = group === "fork" ? window.prompt(`A new name for ${name}:`, name)?.trim() : "";
  if (!to || to === name) return;
  if (!modelName.test(to))
    return showMessage(`a model's name is up to 60 letters, digits, spaces, '-', '_' and '.': not ${to}`);
  if (!renameFork(name, to)) return showMessage(storageProblem() || `a model of yours is named ${to} already`);
  fillForks();
  $("model").value = state.editing = `fork/${to}`;
  state.notice = `${name} is now ${to}`;
  ensureLoaded(); // its runs and exports take the new name
};
$("delete").onclick = () => {
  act();
  const { group, name, entry } = selected();
  if (group !== "fork" || !window.confirm(`Delete ${name} from this browser?`)) return;
  if (!dropFork(name)) return showMessage(storageProblem());
  fillForks();
  state.notice = `${name} is deleted`;
  chooseModel(listed(entry?.from ?? "") ?? defaultModel());
};
// Whether the program takes keys: an <event> of the mj dialect somewhere in its node tree.
const takesKeys = (node) => !!node && (node.kind === "event" || (node.children ?? []).some(takesKeys));
// The grid view's room changes with the window, and with the help's column opening beside the editor.
const resized = new ResizeObserver(
  () => (view3d.resize(), graph.fit(), graph.canvasGraph?.resize(), graph.canvasGraph?.draw()),
);
for (const id of ["view", "stage3d"]) resized.observe($(id)); // the 3D view also shrinks as the timeline's bar grows
// Keys: Ctrl+Enter runs (in the editor too); outside the editor and the boxes, Space pauses a run and
// runs a paused one, and the arrows step (→) and step back (←).
document.addEventListener(
  "keydown",
  (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
      e.preventDefault();
      e.stopPropagation(); // before the editor's own Ctrl+Enter
      return $("run").click();
    }
    const typing = e.target.closest?.("input, select, textarea, .cm-editor");
    // Ctrl+Z outside the editor and the boxes: the brushes' last stroke undone
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && !e.shiftKey && !typing && brushes.undo())
      return e.preventDefault();
    if (e.ctrlKey || e.metaKey || e.altKey || typing) return;
    // a model that takes keys (an <event>) has them while its grid has the focus
    if (e.target.closest?.("#view") && takesKeys(state.tree)) {
      e.preventDefault();
      return worker.postMessage({ type: "key", key: e.key });
    }
    const button = { " ": state.running ? "pause" : "run", ArrowRight: "step", ArrowLeft: "back" }[e.key];
    if (button) (e.preventDefault(), $(button).click());
  },
  true,
);

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
