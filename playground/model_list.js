// The model list: mj's own models, the corpus's (each models.xml entry) and this browser's own (new models
// and forks, drafts.js), each option labelled by its name. The size a model runs at is the size boxes'.
import { draftOf, forks } from "./drafts.js";
import { variantIds } from "./gallery.js";

const sizeText = (e) => (e.mz > 1 ? `${e.mx}×${e.my}×${e.mz}` : `${e.mx}×${e.my}`);

export class ModelList {
  constructor(select) {
    this.select = select;
    this.lists = { own: [], corpus: [], fork: [] };
    // Entries of a name listed again with the same size and step limit (CarmaTower and its iso="True" twin:
    // settings of mj run's pictures, which the page draws its own way) are listed once, the first; a link
    // to a later one opens the first. "group/id" of a twin -> "group/id" of the first.
    this.sameAs = new Map();
    this.texts = new Map(); // the listed models' texts, fetched once
  }

  // The chosen model's text: a fork's own, a listed model's file (fetched once; a shared URL carries the text
  // only when it differs), or null when it cannot be read.
  async text() {
    const { group, name, entry } = this.selected();
    if (group === "fork") return forks().find((f) => f.name === name)?.xml ?? null;
    if (!entry) return null;
    const url = group === "own" ? `own/${name}.xml` : `corpus/models/${name}.xml`;
    try {
      if (!this.texts.has(url)) {
        const response = await fetch(url);
        if (response.ok) this.texts.set(url, await response.text());
      }
    } catch {
      // null: the page says it
    }
    return this.texts.get(url) ?? null;
  }

  // The chosen model: {group, name, entry} (entry: its list's, an id NAME or NAME-2... for a name's later ones).
  selected() {
    const [group, name] = this.select.value.split("/");
    const entry = this.lists[group]?.find((e) => e.id === name);
    return { group, name: entry?.name ?? name, entry };
  }

  dropTwins(group, entries) {
    const first = new Map();
    return entries.filter((e) => {
      const key = JSON.stringify([e.name, e.mx, e.my, e.mz, e.steps]);
      if (!first.has(key)) return first.set(key, e.id);
      this.sameAs.set(`${group}/${e.id}`, `${group}/${first.get(key)}`);
      return false;
    });
  }

  // mj's list and the corpus's (modelList's entries). An option's words are its name, and a name's later
  // entries their size too ("MazeGrowth", "MazeGrowth (27×27×27)"); its title says the entry's size.
  fill({ own, corpus }) {
    for (const entries of [own, corpus]) variantIds(entries).forEach((id, i) => (entries[i].id = id));
    this.lists.own = this.dropTwins("own", own);
    this.lists.corpus = this.dropTwins("corpus", corpus);
    for (const [group, label, entries] of [
      ["own", "mj's models", this.lists.own],
      ["corpus", "MarkovJunior corpus", this.lists.corpus],
    ]) {
      if (!entries.length) continue;
      const optgroup = document.createElement("optgroup");
      optgroup.label = label;
      for (const e of entries) {
        const words = e.id === e.name ? e.name : `${e.name} (${sizeText(e)})`;
        const option = new Option(words, `${group}/${e.id}`);
        option.title = `${e.name}: its entry's size ${sizeText(e)} (the size boxes change it)`;
        optgroup.appendChild(option);
      }
      this.select.appendChild(optgroup);
    }
    this.fillForks();
  }

  // The "your models" group, from the browser's storage (new models and forks): each with its model's entry.
  fillForks() {
    const entryOf = (from) => {
      const [group, id] = from.split("/");
      return this.lists[group]?.find((e) => e.id === id);
    };
    this.lists.fork = forks().map((f) => ({ ...(entryOf(f.from) ?? {}), id: f.name, name: f.name, from: f.from }));
    this.select.querySelector("optgroup[data-forks]")?.remove();
    if (!this.lists.fork.length) return;
    const optgroup = Object.assign(document.createElement("optgroup"), { label: "your models (this browser)" });
    optgroup.dataset.forks = "";
    for (const e of this.lists.fork) optgroup.appendChild(new Option(e.name, `fork/${e.id}`));
    this.select.appendChild(optgroup);
  }

  // The listed model a link names: "own/Name", "corpus/Name" or a bare name (mj's own first); null if none.
  listed(model) {
    const [group, name] = model.includes("/") ? model.split("/") : [null, model];
    for (const g of group ? [group] : ["own", "corpus"]) {
      if (this.lists[g]?.some((e) => e.id === name)) return `${g}/${name}`;
      if (this.sameAs.has(`${g}/${name}`)) return this.sameAs.get(`${g}/${name}`); // a twin: its first
    }
    return null;
  }

  defaultModel() {
    const { own, corpus } = this.lists;
    return own.length ? `own/${own[0].name}` : `corpus/${corpus[0].name}`;
  }

  // An option's words: "· edited" added when this browser keeps edits of a listed model (drafts.js).
  relabel(option) {
    option.dataset.label ??= option.textContent;
    const edited = !option.value.startsWith("fork/") && draftOf(option.value) !== null ? " · edited" : "";
    if (option.textContent !== option.dataset.label + edited) option.textContent = option.dataset.label + edited;
  }

  relabelAll() {
    for (const option of this.select.options) this.relabel(option);
  }
}
