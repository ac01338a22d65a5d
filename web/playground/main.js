// The playground page: pick or write a model, run it in a worker, watch it, step it, export it.
import { createEditor } from "./editor.js";
import { decodeShare, encodeShare } from "./share.js";
import { drawTree, firedRules } from "./tree.js";
import { View2D } from "./view2d.js";
import { View3D } from "./view3d.js";

const $ = (id) => document.getElementById(id);
const worker = new Worker("worker.js", { type: "module" });
const view2d = new View2D($("grid"), $("changes"));
const view3d = new View3D($("stage3d"));
const lists = { own: [], corpus: [] };
const state = {
  loadedKey: "",
  originalXml: "",
  frame: null,
  tree: null,
  checks: new Map(),
  nextCheck: 0,
  startedAt: 0,
  startSteps: 0,
};
let ready;
const readyPromise = new Promise((resolve) => (ready = resolve));

const editor = createEditor($("editor"), {
  check: (xml) =>
    new Promise((resolve) => {
      const id = state.nextCheck++;
      state.checks.set(id, resolve);
      worker.postMessage({ type: "check", xml, size: givenSize(), entry: selected().entry ?? null, id });
    }),
  onChange: () => {},
});

const sizeBoxes = ["mx", "my", "mz"].map($);
const size = () => sizeBoxes.map((box) => +box.value);
// The size boxes, or null while they are empty: a chosen model is loaded at the size the library gives
// it (its entry's, else mj's default), which then fills them.
const givenSize = () => (sizeBoxes.some((box) => box.value === "") ? null : size());
const speed = () => 2 ** +$("speed").value;
const selected = () => {
  const [group, name] = $("model").value.split("/");
  return { group, name, entry: lists[group]?.find((e) => e.name === name) };
};
const key = () => JSON.stringify([$("model").value, size(), +$("seed").value, editor.text]);
const showMessage = (text) => ($("message").textContent = text);

// Loads the model as the page shows it, unless that is what is loaded already.
function ensureLoaded() {
  if (state.loadedKey === key()) return;
  state.loadedKey = key();
  state.loading = true;
  const { name, entry } = selected();
  worker.postMessage({
    type: "load",
    xml: editor.text,
    name: name ?? "model",
    size: givenSize(),
    seed: +$("seed").value,
    entry: entry ?? null,
    isometric: !view3d.available,
  });
}

async function chooseModel(value, overrides = {}) {
  $("model").value = value;
  const { group, name } = selected();
  const url = group === "own" ? `own/${name}.xml` : `corpus/models/${name}.xml`;
  state.originalXml = await (await fetch(url)).text(); // a shared URL carries the text only when it differs
  editor.text = overrides.xml ?? state.originalXml;
  sizeBoxes.forEach((box, i) => (box.value = overrides.size?.[i] ?? ""));
  if (overrides.seed !== undefined) $("seed").value = overrides.seed;
  state.loadedKey = "";
  ensureLoaded();
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
  if (d3) view3d.draw(f);
  else view2d.draw({ mx: f.width ?? f.mx, my: f.height ?? f.my, rgba: f.rgba });
  if (f.before && f.after && f.mz === 1) view2d.showChanges(f.mx, f.my, f.before, f.after);
  $("counter").textContent = `${f.steps} steps${f.finished ? " (finished)" : ""}`;
  if (f.tree) {
    $("fired").textContent = f.before ? firedRules(f.tree, state.tree).join("\n") : "";
    state.tree = f.tree;
    drawTree($("tree"), f.tree);
  }
  if (f.ms !== undefined) {
    const seconds = (performance.now() - state.startedAt) / 1000;
    if (seconds > 0.2) $("rate").textContent = `${Math.round((f.steps - state.startSteps) / seconds)} steps/s`;
  }
  showMessage("");
}

function download(name, data) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([data]));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

worker.onmessage = ({ data }) => {
  if (data.type === "ready") ready();
  else if (data.type === "lists") fillModels(data);
  else if (data.type === "loaded") showSettings(data.settings);
  else if (data.type === "frame") showFrame(data);
  else if (data.type === "checked") (state.checks.get(data.id)?.(data.error), state.checks.delete(data.id));
  else if (data.type === "file") download(data.name, data.bytes ?? data.text);
  else if (data.type === "error") {
    state.loadedKey = ""; // what failed is loaded again next time
    state.loading = false;
    showMessage(data.text);
  }
};

function fillModels({ own, corpus }) {
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
    const seen = new Set();
    for (const e of entries) {
      if (seen.has(e.name)) continue;
      seen.add(e.name);
      optgroup.appendChild(
        new Option(`${e.name} (${e.mz > 1 ? `${e.mx}×${e.my}×${e.mz}` : `${e.mx}×${e.my}`})`, `${group}/${e.name}`),
      );
    }
    select.appendChild(optgroup);
  }
  const shared = decodeShare(location.hash);
  if (shared) chooseModel(shared.model, shared);
  else chooseModel(own.length ? `own/${own[0].name}` : `corpus/${corpus[0].name}`);
}

$("model").onchange = () => chooseModel($("model").value);
$("random").onclick = () => ($("seed").value = Math.floor(Math.random() * 2 ** 31));
$("run").onclick = () => {
  ensureLoaded();
  state.startedAt = performance.now();
  state.startSteps = state.frame?.steps ?? 0;
  worker.postMessage({ type: "run", speed: speed() });
};
$("pause").onclick = () => worker.postMessage({ type: "pause" });
$("step").onclick = () => (ensureLoaded(), worker.postMessage({ type: "step", count: 1 }));
$("next").onclick = () => (ensureLoaded(), worker.postMessage({ type: "next" }));
$("speed").oninput = () => {
  $("speedText").textContent = `${speed()} steps/frame`;
  worker.postMessage({ type: "speed", speed: speed() });
};
$("speedText").textContent = `${speed()} steps/frame`;
for (const button of document.querySelectorAll("[data-export]"))
  button.onclick = () => worker.postMessage({ type: "export", what: button.dataset.export });
$("gif").onclick = () => {
  const on = $("gif").textContent === "record GIF";
  $("gif").textContent = on ? "stop GIF" : "record GIF";
  worker.postMessage({ type: "gif", on });
};
$("share").onclick = () => {
  const share = { model: $("model").value, size: size(), seed: +$("seed").value };
  if (editor.text !== state.originalXml) share.xml = editor.text;
  location.hash = encodeShare(share);
  navigator.clipboard?.writeText(location.href).catch(() => {});
};
window.addEventListener("resize", () => view3d.resize());

await readyPromise;
const text = async (url) => {
  const response = await fetch(url);
  return response.ok ? response.text() : "";
};
worker.postMessage({ type: "lists", own: await text("own/demo.xml"), corpus: await text("corpus/models.xml") });

// For tests and the curious: the page's state.
window.mjPlayground = { state, view2d, view3d, chooseModel, editor };
