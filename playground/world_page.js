// The playground's world view (world.html): a model of the page's list, a world seed and a chunk size make an
// endless world (the library's World), drawn as you pan and zoom across it; its chunks are made in a worker
// (WorldWorker), so the page never waits for one. A share link opens the same place in the same world.
import { WorldWorker } from "../faces/js/world_worker.mjs";
import { ModelList } from "./model_list.js";
import { Resources } from "./worker_resources.js";
import { WorldView } from "./world_view.js";
import { readWorldLink, worldLink } from "./world_link.js";

const $ = (id) => document.getElementById(id);
// Messages in the page's words: a setting is named by the control that changes it.
const settingNames = { seed: "the seed box", maxCells: "the page's limit", resources: "the corpus's resources" };
const worker = await WorldWorker.start({ settingNames });
const models = new ModelList($("model"));
const resources = new Resources(worker); // the corpus's files a model names, sent to the worker once
const state = { opening: 0, opened: null, error: "", notice: "" };
const view = new WorldView(
  $("world"),
  { readout: $("worldReadout"), status: $("worldStatus") },
  {
    moved: () => ($("shareLink").hidden = true),
    failed: (e) => say(e.message),
  },
);

const say = (text) => ($("worldMessage").textContent = text);

const whole = (box) => (box.value.trim() === "" ? undefined : Number(box.value));

// Opens the world the controls name, at `place` (the middle of the world at the present zoom when not given).
// A model the library refuses shows its line, and no world.
async function open(place = { x: 0, y: 0 }) {
  const mine = ++state.opening;
  const { name, entry } = models.selected();
  const xml = await models.text();
  const options = { name: `${name}.xml`, seed: whole($("seed")), chunk: whole($("chunk")) };
  if (entry?.mx) options.entry = entry; // its steps and colours (its size is the world's)
  try {
    if (xml === null) throw new Error(`${name}'s text could not be read`);
    await resources.ensure(xml);
    const settings = await worker.open(xml, options).catch(async (e) => {
      if (resources.done(xml)) throw e;
      await resources.ensure(xml, true); // a resource the names missed
      return worker.open(xml, options);
    });
    if (mine !== state.opening) return;
    if (settings.dimension !== 2) throw new Error(`${name} is a 3D model: the world view draws 2D worlds`);
    $("seed").value = settings.seed; // the library's, when the box was empty
    $("chunk").value = settings.chunk;
    Object.assign(state, {
      opened: { model: $("model").value, seed: settings.seed, chunk: settings.chunk },
      error: "",
    });
    say(state.notice); // what a link got wrong, said once
    state.notice = "";
    view.show(worker, place);
  } catch (e) {
    if (mine !== state.opening) return;
    Object.assign(state, { opened: null, error: String(e.message ?? e) });
    say(state.error);
    view.show(null);
  }
}

$("share").onclick = () => {
  if (!state.opened) return;
  const link = worldLink(location.href, state.opened, view.place);
  Object.assign($("shareLink"), { value: link, hidden: false });
  $("shareLink").select();
  navigator.clipboard?.writeText(link).catch(() => {}); // the box shows it when the clipboard is not ours
};
$("model").onchange = () => open();
for (const id of ["seed", "chunk"]) $(id).onchange = () => open({ x: view.place.x, y: view.place.y });

// The lists the main page offers (mj's own models and the corpus's), then the link's world, or the first maze.
const text = async (url) => {
  const response = await fetch(url).catch(() => null);
  return response?.ok ? response.text() : "";
};
const [own, corpus] = await Promise.all([text("own/demo.xml"), text("corpus/models.xml")]);
models.fill({
  own: own ? await worker.modelList(own, "demo.xml") : [],
  corpus: corpus ? await worker.modelList(corpus, "models.xml") : [],
});
const read = readWorldLink(location.search);
const { link = {}, problems = [] } = read ?? {};
const chosen = link.model && models.listed(link.model);
if (link.model && !chosen) problems.push(`no model named ${link.model}`);
state.notice = problems.length ? `this link is broken: ${problems.join("; ")}` : "";
$("model").value = chosen || models.listed("corpus/MazeGrowth") || models.defaultModel();
if (link.seed !== undefined) $("seed").value = link.seed;
if (link.chunk !== undefined) $("chunk").value = link.chunk;
await open({ x: link.x ?? 0, y: link.y ?? 0, zoom: link.zoom ?? view.place.zoom });

// For the tests and the curious: the view, the worker and what the page opened.
window.mjWorld = { view, worker, state, open, ready: true };
