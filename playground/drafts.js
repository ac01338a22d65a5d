// Nothing lost: the editor's text kept per model in localStorage as it is typed (a draft, dropped once it
// is the model's own text again), and forks, edited copies kept under names of their own. Storage that
// is full or switched off is said in words; the page goes on without it.
const draftKey = (model) => `mj.draft.${model}`;
const forksKey = "mj.forks";
const paintingKey = (model) => `mj.painting.${model}`;

// localStorage's answer, or `fallback` (and the reason in `problem`) when the browser refuses.
let problem = "";
function storage(fn, fallback) {
  try {
    return fn(window.localStorage);
  } catch (e) {
    problem = `the editor's text could not be kept in this browser's storage (${e.name})`;
    return fallback;
  }
}
export const storageProblem = () => problem;

// The kept text of `model` ("own/Name", "corpus/Name", "fork/Name"), or null.
export const draftOf = (model) => storage((s) => s.getItem(draftKey(model)), null);

// Keeps `text` as the draft of `model`, or drops the draft when `text` is the model's own.
export function keepDraft(model, text, original) {
  return storage((s) => {
    if (text === original) s.removeItem(draftKey(model));
    else s.setItem(draftKey(model), text);
    return true;
  }, false);
}

// The painting kept with `model`'s draft (brush.js's encodePainting JSON), or null.
export const paintingOf = (model) =>
  storage((s) => {
    const text = s.getItem(paintingKey(model));
    return text === null ? null : JSON.parse(text);
  }, null);

// Keeps `json` (encodePainting's; null: none) as the painting of `model`.
export function keepPainting(model, json) {
  return storage((s) => {
    if (json === null) s.removeItem(paintingKey(model));
    else s.setItem(paintingKey(model), JSON.stringify(json));
    return true;
  }, false);
}

// [{name, from, xml}]: the forks, oldest first.
export function forks() {
  const list = storage((s) => JSON.parse(s.getItem(forksKey) ?? "[]"), []);
  return Array.isArray(list) ? list.filter((f) => typeof f?.name === "string" && typeof f.xml === "string") : [];
}

// A fork's name from `base`: "base-edit", "base-edit2"... the first not taken.
export function forkName(base) {
  const taken = new Set(forks().map((f) => f.name));
  for (let k = 1; ; k++) {
    const name = `${base}-edit${k === 1 ? "" : k}`;
    if (!taken.has(name)) return name;
  }
}

// Keeps `xml` as the fork `name` of the listed model `from` (its size and settings are the fork's).
export function saveFork(name, from, xml) {
  const list = forks().filter((f) => f.name !== name);
  list.push({ name, from, xml });
  return storage((s) => (s.setItem(forksKey, JSON.stringify(list)), true), false);
}

// Drops the fork `name`.
export function dropFork(name) {
  const list = forks().filter((f) => f.name !== name);
  return storage((s) => (s.setItem(forksKey, JSON.stringify(list)), true), false);
}

// Gives the fork `from` the name `to` (kept in its place in the list); false when `to` is taken.
export function renameFork(from, to) {
  const list = forks();
  if (list.some((f) => f.name === to)) return false;
  const fork = list.find((f) => f.name === from);
  if (!fork) return false;
  fork.name = to;
  return storage((s) => (s.setItem(forksKey, JSON.stringify(list)), true), false);
}

// A name for a model of one's own: "model", "model-2"... the first not taken.
export function newName(base = "model") {
  const taken = new Set(forks().map((f) => f.name));
  for (let k = 1; ; k++) {
    const name = k === 1 ? base : `${base}-${k}`;
    if (!taken.has(name)) return name;
  }
}

// The editor's text kept as it is typed: a fork's own text (editing "fork/Name"), else the model's draft
// ("own/Name", "corpus/Name"...). Returns storageProblem()'s words, or "".
export function keepEdited(editing, text, original) {
  const [group, name] = editing.split("/");
  const fork = group === "fork" && forks().find((f) => f.name === name);
  if (fork) saveFork(name, fork.from, text);
  else keepDraft(editing, text, original);
  return storageProblem();
}
