// The state graph of a small model (mj explore): every state its runs reach, laid out top-down by dagre,
// each drawn as its small picture. The start is outlined in blue, the outcomes (where runs end) in gold,
// drawn larger the likelier they are, with their probability; a click on a state shows it in the grid view.
import dagre from "@dagrejs/dagre";
import { CanvasGraph } from "./graph_canvas.js";
import { MAX_GRAPH_STATES } from "./limits.js";

export { MAX_GRAPH_STATES };
// Up to this many states dagre lays the graph out and each state is an element; past it (dagre would
// take seconds on the page) the layers' layout on a canvas that draws only what is in view.
export const DAGRE_STATES = 150;
// The pixels across a state's picture (its cells at least 3 pixels wide).
const PICTURE_PIXELS = 64;

const SVG = "http://www.w3.org/2000/svg";
const svg = (name, attributes = {}) => {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
};

// A state's grid ("rows/rows", layers side by side) as {mx, my, rgba}, in the model's colours.
export function statePicture(space, state) {
  const layers = space.grids[state].split(" ").map((layer) => layer.split("/"));
  const my = layers[0].length,
    width = layers[0][0].length,
    mx = layers.length * width + layers.length - 1; // a column of background between layers
  const rgba = new Uint8Array(mx * my * 4);
  const index = new Map([...space.legend].map((symbol, value) => [symbol, value]));
  layers.forEach((rows, z) =>
    rows.forEach((row, y) =>
      [...row].forEach((symbol, x) => {
        const color = space.colors[index.get(symbol)] ?? 0;
        const at = (y * mx + z * (width + 1) + x) * 4;
        rgba.set([color >> 16, (color >> 8) & 255, color & 255, 255], at);
      }),
    ),
  );
  return { mx, my, rgba };
}

// "27 states, 38 transitions, 8 ends": what the graph holds, as the library counts it (mj explore's
// summary), and the chance that a run never ends when it has one.
export function summaryOf(space) {
  const count = (n, word) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
  const words = [
    count(space.states, "state"),
    count(space.transitions, "transition"),
    count(space.outcomes.length, "end"),
  ];
  if (space.unending > 0) words.push(`never ends with probability ${Number(space.unending.toPrecision(3))}`);
  return words.join(", ");
}

function pictureUrl(picture) {
  const canvas = document.createElement("canvas");
  canvas.width = picture.mx;
  canvas.height = picture.my;
  const rgba = new Uint8ClampedArray(picture.rgba.buffer, picture.rgba.byteOffset, picture.mx * picture.my * 4);
  canvas.getContext("2d").putImageData(new ImageData(rgba, picture.mx, picture.my), 0, 0);
  return canvas.toDataURL();
}

export class GraphView {
  // container: the graph's panel (a bar of its summary, its key and a close button over the drawing);
  // onPick(state, picture): a state was clicked; onClose(): the close button.
  constructor(container, onPick, onClose) {
    this.onPick = onPick;
    this.space = null;
    container.innerHTML = `<div class="bar"><span class="summary"></span>
      <span class="key"><i class="start"></i>start <i class="outcome"></i>an end (its probability under it)
      <i class="current"></i>the run's grid (a ring) <i class="picked"></i>picked</span>
      <span class="fill"></span><button class="close" title="close the state graph">×</button></div>
      <div class="drawing"></div>`;
    this.panel = container;
    this.summary = container.querySelector(".summary");
    this.container = container.querySelector(".drawing"); // what the graph is drawn in
    container.querySelector(".close").onclick = () => onClose();
    // Zoom: the wheel scales the drawing about the cursor (the container scrolls, so a drag of the
    // scroll bars or a swipe pans); a new graph starts fitted to the container's width.
    this.zoom = 1;
    this.container.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
  }

  get shown() {
    return !this.panel.hidden;
  }

  setZoom(zoom, at = { x: 0, y: 0 }) {
    const root = this.container.querySelector("svg");
    if (!root) return;
    const z = Math.min(8, Math.max(0.05, zoom)),
      k = z / this.zoom;
    const { scrollLeft, scrollTop } = this.container;
    this.zoom = z;
    root.setAttribute("width", this.size.width * z);
    root.setAttribute("height", this.size.height * z);
    this.container.scrollLeft = (scrollLeft + at.x) * k - at.x;
    this.container.scrollTop = (scrollTop + at.y) * k - at.y;
  }

  // Fitted to the container's width, as a new graph starts, while the wheel has not zoomed it: the page
  // resized (a narrower window, the help opened) keeps the whole graph in view.
  fit() {
    if (!this.size || this.zoomed) return;
    this.setZoom(Math.min(1, (this.container.clientWidth || this.size.width) / this.size.width));
  }

  onWheel(e) {
    if (!this.container.querySelector("svg")) return;
    e.preventDefault();
    this.zoomed = true;
    const r = this.container.getBoundingClientRect();
    this.setZoom(this.zoom * Math.exp(-e.deltaY / 300), { x: e.clientX - r.left, y: e.clientY - r.top });
  }

  clear() {
    this.space = null;
    this.index = null;
    this.current = null; // the state of the run's grid (-1: none of them), once a frame said
    this.canvasGraph = null;
    this.container.replaceChildren();
    this.summary.textContent = "";
    this.panel.hidden = true;
  }

  // Lays out and draws `space` (mj.explore's, given maxStates MAX_GRAPH_STATES: the library refuses more).
  // Returns the message to show (none).
  show(space) {
    this.clear();
    this.space = space;
    this.index = new Map(space.grids.map((rows, s) => [rows, s])); // a grid's state, by its rows
    const ending = new Map(space.outcomes.map((o) => [o.state, o.probability]));
    const first = statePicture(space, 0);
    const cell = Math.max(3, Math.floor(PICTURE_PIXELS / Math.max(first.mx, first.my)));
    this.counts = summaryOf(space);
    this.summary.textContent = this.counts;
    this.panel.hidden = false;
    if (space.states > DAGRE_STATES) {
      this.canvasGraph = new CanvasGraph(
        this.container,
        space,
        (s) => statePicture(space, s),
        cell,
        (s) => this.onPick(s, statePicture(space, s)),
      );
      return "";
    }
    const graph = new dagre.graphlib.Graph();
    graph.setGraph({ rankdir: "TB", nodesep: 14, ranksep: 28, marginx: 10, marginy: 10 });
    graph.setDefaultEdgeLabel(() => ({}));
    for (let s = 0; s < space.states; s++) {
      // An outcome's picture grows with its probability: up to twice the size for a sure end.
      const scale = ending.has(s) ? 1 + Math.sqrt(ending.get(s)) : 1;
      const side = (n) => Math.round(n * cell * scale);
      graph.setNode(String(s), { width: side(first.mx) + 6, height: side(first.my) + 6 + (ending.has(s) ? 14 : 0) });
    }
    space.edges.forEach((successors, from) =>
      successors.forEach(([to, probability]) => {
        if (to !== from) graph.setEdge(String(from), String(to), { probability });
      }),
    );
    dagre.layout(graph);
    this.draw(graph, ending);
    return "";
  }

  draw(graph, ending) {
    const { width, height } = graph.graph();
    const root = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "state-graph" });
    const marker = svg("marker", {
      id: "arrow",
      viewBox: "0 0 8 8",
      refX: 8,
      refY: 4,
      markerWidth: 8,
      markerHeight: 8,
      markerUnits: "userSpaceOnUse",
      orient: "auto",
    });
    marker.appendChild(svg("path", { d: "M0,0 L8,4 L0,8 z", fill: "#888" }));
    root.appendChild(svg("defs")).appendChild(marker);
    for (const e of graph.edges()) {
      const { points, probability } = graph.edge(e);
      const path = svg("polyline", {
        points: points.map((p) => `${p.x},${p.y}`).join(" "),
        fill: "none",
        stroke: "#888",
        "stroke-width": 0.6 + 2 * probability,
        "marker-end": "url(#arrow)",
      });
      path.appendChild(svg("title")).textContent = `p = ${probability}`;
      root.appendChild(path);
    }
    for (const id of graph.nodes()) {
      const node = graph.node(id);
      const state = Number(id);
      const probability = ending.get(state);
      const group = svg("g", { class: "state", "data-state": id, tabindex: 0 });
      const boxHeight = node.height - (probability === undefined ? 0 : 14);
      const [x, y] = [node.x - node.width / 2, node.y - node.height / 2];
      const frame = state === 0 ? "#5a9aff" : probability !== undefined ? "#f0c040" : "#555";
      group.appendChild(svg("rect", { x, y, width: node.width, height: boxHeight, fill: frame, rx: 2 }));
      group.appendChild(
        svg("image", {
          x: x + 3,
          y: y + 3,
          width: node.width - 6,
          height: boxHeight - 6,
          href: pictureUrl(statePicture(this.space, state)),
          preserveAspectRatio: "none",
          style: "image-rendering: pixelated",
        }),
      );
      if (probability !== undefined) {
        const label = svg("text", { x: node.x, y: y + node.height - 3, "text-anchor": "middle", class: "probability" });
        label.textContent = Number(probability.toPrecision(3)).toString();
        group.appendChild(label);
      }
      group.appendChild(svg("title")).textContent =
        `state ${state}${probability === undefined ? "" : `: ends with probability ${probability}`}`;
      group.addEventListener("click", () => this.pick(state));
      group.addEventListener("keydown", (event) => event.key === "Enter" && this.pick(state));
      root.appendChild(group);
    }
    this.container.appendChild(root);
    this.size = { width, height };
    this.zoom = 1;
    this.zoomed = false;
    this.fit();
  }

  // The run's grid (its rows as the graph writes them) marked: its state framed, named in the summary.
  markRun(rows) {
    if (!this.space) return;
    const s = this.index.get(rows) ?? -1;
    if (s === this.current) return;
    this.current = s;
    const where = s >= 0 ? `the run's grid: state ${s}` : "the run's grid is none of them";
    this.summary.textContent = `${this.counts}; ${where}`;
    if (this.canvasGraph) return void ((this.canvasGraph.current = s), this.canvasGraph.redraw());
    for (const g of this.container.querySelectorAll(".state.current")) g.classList.remove("current");
    this.container.querySelector(`.state[data-state="${s}"]`)?.classList.add("current");
  }

  pick(state) {
    for (const g of this.container.querySelectorAll(".state.picked")) g.classList.remove("picked");
    this.container.querySelector(`.state[data-state="${state}"]`)?.classList.add("picked");
    this.onPick(state, statePicture(this.space, state));
  }
}
