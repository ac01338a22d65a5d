// Rules as pictures in the node tree, as the reference's GUI draws them: the input and the output side by
// side, a square a cell in the symbol's colour ('*' a hatched grey), layers of 3D rules side by side.
// A click on a cell of a written rule gives it the next symbol (the grid's values, then '*') and
// writes the change into the program text, at that rule's in or out attribute.
import { tagsOf } from "./xml_context.js";

// Pixels a cell: big enough to click, smaller for a rule too wide for the tree's column.
const CELL_MAX = 16,
  SMALLEST_CELL = 8,
  SIDE_PIXELS = 72; // the widest a side is drawn at before its cells shrink

// The symbol after `symbol` in the cycle of a rule cell's click: the values of `legend`, then '*' (a
// symbol outside it, a union's, goes to the first value).
export function nextSymbol(symbol, legend) {
  const cycle = legend + "*";
  return cycle[(cycle.indexOf(symbol) + 1) % cycle.length];
}

// [[row, ...] per layer] of a side as the tree writes it: rows split by '/', layers by ' '.
const layersOf = (side) => side.split(" ").map((layer) => layer.split("/"));

function drawSide(side, colors) {
  const layers = layersOf(side);
  const h = layers[0].length,
    w = layers[0][0].length;
  const cell = Math.max(SMALLEST_CELL, Math.min(CELL_MAX, Math.floor(SIDE_PIXELS / Math.max(layers.length * w, h))));
  const canvas = Object.assign(document.createElement("canvas"), {
    width: layers.length * (w * cell + 3) - 3,
    height: h * cell,
  });
  canvas.dataset.cell = cell; // pixels a cell (the tests click each)
  const c = canvas.getContext("2d");
  layers.forEach((rows, l) =>
    rows.forEach((row, y) =>
      [...row].forEach((symbol, x) => {
        const left = l * (w * cell + 3) + x * cell;
        const rgb = colors[symbol];
        c.fillStyle = rgb === undefined ? "#555" : `#${rgb.toString(16).padStart(6, "0")}`;
        c.fillRect(left, y * cell, cell - 1, cell - 1);
        if (rgb !== undefined) return;
        c.strokeStyle = "#999";
        (c.beginPath(), c.moveTo(left, (y + 1) * cell - 1), c.lineTo(left + cell - 1, y * cell), c.stroke());
      }),
    ),
  );
  // the index into the side's text of the cell under a click
  canvas.cellAt = (px, py) => {
    const l = Math.floor(px / (w * cell + 3)),
      x = Math.floor((px - l * (w * cell + 3)) / cell),
      y = Math.floor(py / cell);
    if (l >= layers.length || x >= w || y >= h || x < 0 || y < 0) return -1;
    return l * (h * (w + 1)) + y * (w + 1) + x;
  };
  return canvas;
}

// The picture of `rule` of `node`; onCell(side, index, symbols) when a cell of a written rule is clicked.
export function rulePicture(rule, node, colors, onCell) {
  const box = document.createElement("span");
  box.className = "rulePicture";
  for (const [side, text] of [
    ["in", rule.input],
    ["out", rule.output],
  ]) {
    const canvas = drawSide(text, colors);
    canvas.dataset.side = side;
    if (rule.original && onCell) {
      canvas.title = `click a cell: its next symbol, written into the ${side} attribute`;
      canvas.onclick = (e) => {
        e.stopPropagation(); // not a breakpoint (timeline.js)
        const r = canvas.getBoundingClientRect();
        const index = canvas.cellAt(
          ((e.clientX - r.left) * canvas.width) / r.width,
          ((e.clientY - r.top) * canvas.height) / r.height,
        );
        if (index >= 0) onCell(side, index);
      };
    }
    box.append(canvas);
    if (side === "in") box.append(" → ");
  }
  return box;
}

// Where the text writes the `written`-th rule of the node at `line`: {in, out} attribute places, or null
// (a rule from a picture file). The node's own in/out are its rule 0; else its <rule> children in order.
export function ruleSource(text, line, written) {
  let offset = 0;
  for (let l = 1; l < line && offset >= 0; l++) offset = text.indexOf("\n", offset) + 1;
  if (offset < 0) return null;
  const tags = tagsOf(text);
  const k = tags.findIndex((t) => t.at >= offset);
  if (k < 0) return null;
  const node = tags[k];
  const place = (tag) => {
    const find = (name) => tag.attributes.find((a) => a.name === name);
    return find("in") && find("out") ? { in: find("in"), out: find("out") } : null;
  };
  if (place(node)) return written === 0 ? place(node) : null;
  let n = -1;
  for (let j = k + 1; j < tags.length && tags[j].depth > node.depth; j++)
    if (tags[j].depth === node.depth + 1 && tags[j].name === "rule" && ++n === written) return place(tags[j]);
  return null;
}

// The change to the program text `text` that gives the cell `index` of rule `written` (its index as written)
// of `node` on `side` ("in" or "out") its next symbol (the grid's values, then '*': a map's output those of
// its new grid), as the editor takes it ({from, to, insert}); or, when the rule is not written so, what to
// do instead in words.
export function ruleCellChange(text, node, written, side, index) {
  const place = ruleSource(text, node.line, written)?.[side];
  const shown = node.rules.filter((r) => r.original)[written]?.[side === "in" ? "input" : "output"];
  if (!place || place.value.length !== shown?.length || place.value[index] === undefined)
    return `this rule is not written as ${side}="${shown}" in the text: edit it there`;
  const next = nextSymbol(place.value[index], side === "in" ? node.legend : (node.outputLegend ?? node.legend));
  return { from: place.valueFrom + index, to: place.valueFrom + index + 1, insert: next };
}
