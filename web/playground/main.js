// The playground page: pick or write a model, run it in a worker, watch it, step it, export it.
import { completion, setPalette } from "./completion.js";
import { createEditor } from "./editor.js";
import { createGallery, variantIds } from "./gallery.js";
import { createHelp, helpExtensions } from "./help.js";
import { showHint } from "./hint.js";
import { Overlay } from "./overlay.js";
import { GraphView, MAX_GRAPH_STATES } from "./graph.js";
import { decodeShare, encodeShare, readableLink } from "./share.js";
import { topSpeed } from "./pace.js";
import { TimelineView } from "./timeline.js";
import { drawTree, firedRules } from "./tree.js";
import { View2D } from "./view2d.js";
import { View3D } from "./view3d.js";

const $ = (id) => document.getElementById(id);
const worker = new Worker("worker.js", { type: "module" });
const view2d = new View2D($("grid"), $("changes"));
const view3d = new View3D($("stage3d"));
const overlay = new Overlay($("views"), $("viewsPanel"), (on, line) =>
  worker.postMessage({ type: "inspect", on, line }),
);
// A state clicked in the state graph is shown in the grid view.
const graph = new GraphView($("graph"), (state, picture) => {
  (($("stage2d").style.display = ""), ($("stage3d").style.display = "none"));
  view2d.draw(picture);
  $("counter").textContent = `state ${state} of the state graph`;
});
const timeline = new TimelineView({
  bar: $("timeline"),
  back: $("back"),
  tree: $("tree"),
  send: (m) => worker.postMessage(m),
});
const lists = { own: [], corpus: [] };
const texts = new Map(); // the listed models' texts, fetched once
const state = {
  loadedKey: "",
  originalXml: "",
  frame: null,
  tree: null,
  checks: new Map(),
  nextCheck: 0,
  rate: null, // where the steps/s count from: {steps, at} of the run's first frame
  stepLimit: null, // a link's step limit (else the entry's)
  notice: "", // what a link got wrong, shown until the next action
  choosing: 0, // the latest chooseModel call: an older one that finishes later does nothing
  linksRead: 0,
  sharedHash: "",
  lastExport: "",
};
let ready;
const readyPromise = new Promise((resolve) => (ready = resolve));

// The help panel's "try it" and example links put a program in the editor.
const help = createHelp({ onExample: (xml) => (editor.text = xml) });
const editor = createEditor($("editor"), {
  extensions: [helpExtensions(help), completion(help)],
  check: (xml) =>
    new Promise((resolve) => {
      const id = state.nextCheck++;
      state.checks.set(id, resolve);
      worker.postMessage({ type: "check", xml, name: exportName(), ...sizeAndSteps(), entry: loadEntry(), id });
    }),
  onChange: () => {},
});

const sizeBoxes = ["mx", "my", "mz"].map($);
const size = () => sizeBoxes.map((box) => +box.value);
// The size boxes, or null while they are empty: a chosen model is loaded at the size the library gives
// it (its entry's, else mj's default), which then fills them.
const givenSize = () => (sizeBoxes.some((box) => box.value === "") ? null : size());
const speed = () => 2 ** +$("speed").value;
const speedText = () => (speed() >= topSpeed ? "top: unpaced" : `${speed()} steps/frame`);
const selected = () => {
  const [group, name] = $("model").value.split("/");
  const entry = lists[group]?.find((e) => e.id === name); // an id: NAME, or NAME-2... for a name's later entries
  return { group, name: entry?.name ?? name, entry };
};
const key = () => JSON.stringify([$("model").value, size(), +$("seed").value, state.stepLimit, editor.text]);
const showMessage = (text) => ($("message").textContent = text);
// The entry the model loads with (the list's), and the size boxes and a link's step limit (null: the entry's).
const loadEntry = () => selected().entry ?? null;
const sizeAndSteps = () => ({ size: givenSize(), steps: state.stepLimit });
// The name a run's exports take: the listed model's, unless the editor holds other text.
const exportName = () => (editor.text === state.originalXml ? (selected().name ?? "model") : "model");

// Loads the model as the page shows it, unless that is what is loaded already.
function ensureLoaded() {
  if (state.loadedKey === key()) return;
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
  });
}

// Shows a listed model ("own/Name" or "corpus/Name") with a link's settings, and loads it.
async function chooseModel(value, overrides = {}) {
  const turn = ++state.choosing;
  state.loading = true;
  $("model").value = value;
  const { group, name, entry } = selected();
  let xml = null;
  if (entry) {
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
  state.originalXml = xml;
  editor.text = overrides.xml ?? state.originalXml;
  sizeBoxes.forEach((box, i) => (box.value = overrides.size ? (overrides.size[i] ?? 1) : "")); // 2 sides: 2D
  if (overrides.seed !== undefined) $("seed").value = overrides.seed;
  if (overrides.speed !== undefined) (($("speed").value = overrides.speed), $("speed").oninput());
  state.stepLimit = overrides.steps ?? null;
  state.loadedKey = "";
  ensureLoaded();
}

// The listed model a link names: "own/Name", "corpus/Name" or a bare name (mj's own first).
function listed(model) {
  const [group, name] = model.includes("/") ? model.split("/") : [null, model];
  for (const g of group ? [group] : ["own", "corpus"]) if (lists[g]?.some((e) => e.id === name)) return `${g}/${name}`;
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
  const { share, problems } = link;
  const words = problems.length ? [`this link is broken: ${problems.join("; ")}`] : [];
  let model = share.model && listed(share.model);
  if (share.model && !model) words.push(`no model named ${share.model}`);
  state.notice = words.join("; ");
  showMessage(state.notice);
  return chooseModel(model || defaultModel(), share);
}

// A load is done: the size boxes left empty for it show the size the library chose.
function showSettings({ size: sides }) {
  state.loading = false;
  if (givenSize() !== null || state.loadedKey !== key()) return;
  sizeBoxes.forEach((box, i) => (box.value = sides[i]));
  state.loadedKey = key();
}

function showFrame(f) {
  state.frame = f;
  const d3 = f.mz > 1 && view3d.available;
  $("stage2d").style.display = d3 ? "none" : "";
  $("stage3d").style.display = d3 ? "block" : "none";
  $("glb").hidden = f.mz === 1; // glTF: a mesh of 3D grids
  if (d3) view3d.draw(f);
  else view2d.draw({ mx: f.width ?? f.mx, my: f.height ?? f.my, rgba: f.rgba });
  if (f.before && f.after && f.mz === 1) view2d.showChanges(f.mx, f.my, f.before, f.after);
  if (f.tree) overlay.setTree(f.tree);
  overlay.show(f.inspection ?? null, f.valueColors, f.valueCells);
  const end = f.limit ? ` (stopped at the step limit of ${f.limit.toLocaleString("en")} steps)` : " (finished)";
  const searching = f.search ? `, searching: ${f.search.states} states, frontier ${f.search.frontier}` : "";
  $("counter").textContent = `${f.steps} steps${f.finished ? end : searching}`;
  if (f.tree) {
    $("fired").textContent = f.before ? firedRules(f.tree, state.tree).join("\n") : "";
    state.tree = f.tree;
    drawTree($("tree"), f.tree);
  }
  timeline.onFrame(f, state.tree);
  if (f.ms !== undefined) {
    // counted from the run's first frame: what it took and when it began
    if (!state.rate || f.steps < state.rate.steps)
      state.rate = { steps: f.steps - f.taken, at: performance.now() - f.ms };
    const seconds = (performance.now() - state.rate.at) / 1000;
    if (seconds > 0.2) $("rate").textContent = `${Math.round((f.steps - state.rate.steps) / seconds)} steps/s`;
  }
  showMessage(state.notice);
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
  if (data.type === "ready") ready();
  else if (data.type === "lists") fillModels(data);
  // the new model's first frame comes next: until then no frame (a finished one of the model before would
  // read as this run's end)
  else if (data.type === "loaded")
    (showSettings(data.settings), setPalette(data.palette), (state.frame = null), timeline.clear());
  else if (data.type === "frame") showFrame(data);
  else if (data.type === "checked") (state.checks.get(data.id)?.(data.error), state.checks.delete(data.id));
  else if (data.type === "file") download(data.name, data.bytes ?? data.text);
  else if (data.type === "explored") showMessage(graph.show(data.space));
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

function fillModels({ own, corpus }) {
  for (const entries of [own, corpus]) variantIds(entries).forEach((id, i) => (entries[i].id = id));
  lists.own = own;
  lists.corpus = corpus;
  const select = $("model");
  for (const [group, label, entries] of [
    ["own", "mj's models", own],
    ["corpus", "MarkovJunior corpus", corpus],
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
  openLink();
}

// A link pasted into the open page loads (but not the page's own share link).
window.addEventListener("hashchange", () => {
  if (location.hash !== state.sharedHash) openLink();
});
const act = () => (state.notice = "");
$("model").onchange = () => (act(), chooseModel($("model").value));
$("random").onclick = () => ($("seed").value = Math.floor(Math.random() * 2 ** 31));
$("run").onclick = () => {
  act();
  ensureLoaded();
  state.rate = null;
  worker.postMessage({ type: "run", speed: speed() });
};
$("end").onclick = () => {
  act();
  ensureLoaded();
  state.rate = null;
  worker.postMessage({ type: "end" });
};
$("graphButton").onclick = () => {
  act();
  ensureLoaded(); // the node tree and the grid view show the model whose graph this is
  graph.clear();
  const message = { type: "explore", xml: editor.text, name: exportName(), ...sizeAndSteps(), entry: loadEntry() };
  worker.postMessage({ ...message, maxStates: MAX_GRAPH_STATES });
};
$("pause").onclick = () => worker.postMessage({ type: "pause" });
$("reset").onclick = () => (act(), ensureLoaded(), worker.postMessage({ type: "reset" }));
const gallery = createGallery({
  onOpen: (model) => (act(), chooseModel(model)),
  has: (model) => listed(model) === model,
});
$("galleryButton").onclick = () => gallery.show();
$("helpButton").onclick = () => help.show();
$("step").onclick = () => (act(), ensureLoaded(), worker.postMessage({ type: "step", count: 1 }));
$("next").onclick = () => (act(), ensureLoaded(), worker.postMessage({ type: "next" }));
$("speed").oninput = () => {
  $("speedText").textContent = speedText();
  worker.postMessage({ type: "speed", speed: speed() });
};
$("speedText").textContent = speedText();
for (const button of document.querySelectorAll("[data-export]"))
  button.onclick = () => worker.postMessage({ type: "export", what: button.dataset.export });
$("gif").onclick = () => {
  const on = $("gif").textContent === "record GIF";
  $("gif").textContent = on ? "stop GIF" : "record GIF";
  worker.postMessage({ type: "gif", on });
};
$("share").onclick = () => {
  const share = { model: $("model").value, size: size(), seed: +$("seed").value, speed: +$("speed").value };
  if (state.stepLimit) share.steps = state.stepLimit;
  if (editor.text !== state.originalXml) share.xml = editor.text;
  state.sharedHash = encodeShare(share);
  location.hash = state.sharedHash;
  navigator.clipboard?.writeText(location.href).catch(() => {});
};
window.addEventListener("resize", () => view3d.resize());

await readyPromise;
const text = async (url) => {
  const response = await fetch(url);
  return response.ok ? response.text() : "";
};
worker.postMessage({ type: "lists", own: await text("own/demo.xml"), corpus: await text("corpus/models.xml") });
showHint({ gallery, help });

// For tests and the curious: the page's state.
window.mjPlayground = { state, view2d, view3d, overlay, graph, timeline, chooseModel, editor, help, gallery };
