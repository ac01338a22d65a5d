// The gallery view: every models.xml entry of the corpus and every model of mj's own, each with its
// thumbnail (docs/gallery, made by mj: scripts/gallery.py), size and node kinds (gallery.json, read at
// build time from docs/gallery.md); a click opens it. A name's entries are told apart by their ids, as
// the model list gives them (variantIds).

// Each entry's id within its list: its name for the first entry of a name, NAME-2, NAME-3... for the
// later ones (MazeGrowth 27x27x27 is MazeGrowth-2), as the gallery's thumbnails are named.
export function variantIds(entries) {
  const seen = new Map();
  return entries.map((e) => {
    const n = (seen.get(e.name) ?? 0) + 1;
    seen.set(e.name, n);
    return n === 1 ? e.name : `${e.name}-${n}`;
  });
}

// onOpen(model): a card was clicked ("own/NAME" or "corpus/ID"); has(model): the page can open it (the
// corpus's entries are there only when the site was built with the corpus).
export function createGallery({ onOpen, has }) {
  const view = document.createElement("div");
  view.id = "gallery";
  view.hidden = true;
  view.innerHTML = `<div class="bar"><strong>Gallery</strong>
    <input type="search" placeholder="filter: a name or a node kind (wfc, path, 3D...)" title="filter">
    <span class="count"></span><span class="fill"></span><button class="close" title="close (Escape)">×</button></div>
    <div class="cards"></div>`;
  document.body.appendChild(view);
  const cards = view.querySelector(".cards");
  const filter = view.querySelector("input");
  let entries = null;

  function card(e) {
    const button = document.createElement("button");
    button.className = "card";
    button.dataset.model = `${e.group}/${e.id}`;
    const image = document.createElement("img");
    image.src = e.thumbnail;
    image.alt = e.name;
    image.loading = "lazy";
    const name = document.createElement("b");
    name.textContent = e.name;
    const about = document.createElement("span");
    about.textContent = `${e.size} (${e.d}D)${e.group === "own" ? " · mj's own" : ""}`;
    const kinds = document.createElement("span");
    kinds.className = "kinds";
    kinds.textContent = e.kinds.join(" ");
    button.title = e.entry ? `${e.name}: ${e.entry}` : e.name;
    button.append(image, name, about, kinds);
    button.onclick = () => ((view.hidden = true), onOpen(button.dataset.model));
    return button;
  }

  function showCards() {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const c of cards.children) {
      const text = `${c.title} ${c.textContent}`.toLowerCase();
      c.hidden = !words.every((w) => text.includes(w));
      shown += !c.hidden;
    }
    view.querySelector(".count").textContent = `${shown} of ${cards.children.length} models`;
  }

  async function show() {
    view.style.top = `${document.querySelector("header").getBoundingClientRect().bottom}px`; // below the controls
    view.hidden = false;
    // Focused before the cards load, so that Escape closes the gallery at once (pressed while gallery.json
    // was still on its way, it reached the element clicked before and left the gallery open over the page).
    filter.focus();
    if (!entries) {
      const response = await fetch("gallery.json").catch(() => null);
      entries = response?.ok ? await response.json() : [];
      cards.replaceChildren(...entries.filter((e) => has(`${e.group}/${e.id}`)).map(card));
    }
    showCards();
  }

  filter.oninput = showCards;
  view.querySelector(".close").onclick = () => (view.hidden = true);
  view.addEventListener("keydown", (e) => e.key === "Escape" && (view.hidden = true));
  return {
    show,
    get open() {
      return !view.hidden;
    },
  };
}
