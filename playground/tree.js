// The node tree beside the grid, as the reference's GUI lists it: the running node highlighted, each
// rule node's rules as pictures (rule_pictures.js) with the one that fired in the last step marked.
// pictures: {colors: {symbol: 0xRRGGBB}, onCell(line, written, side, index, symbols)} or none.
import { rulePicture } from "./rule_pictures.js";

// A run that has ended has no running node to highlight.
// A program of one node is shown as that node: the reference runs a lone node inside a <markov> of its
// own (line 0, no line of the text), which repeats it until it no longer applies, as the node alone would
// run; its label's title says so.
export function drawTree(container, tree, pictures = null, ended = false) {
  container.replaceChildren();
  if (!tree) return;
  const lone = tree.line === 0 && tree.children?.length === 1;
  const element = nodeElement(lone ? tree.children[0] : tree, !ended, pictures);
  if (lone)
    element.querySelector(".label").title =
      "the program's one node (the reference runs it inside a <markov> of its own, until it no longer applies)";
  container.appendChild(element);
}

function nodeElement(node, running, pictures) {
  const item = document.createElement("div");
  item.className = "node" + (running && (node.current || !node.branch) ? " running" : "");
  const label = document.createElement("div");
  label.className = "label";
  label.textContent = `<${node.kind}>${node.line > 0 ? ` line ${node.line}` : ""}${counted(node)}`;
  label.dataset.line = node.line; // for breakpoints (timeline.js): the node by its line, a rule by its index as written
  item.appendChild(label);
  let written = -1;
  for (const rule of node.rules ?? []) {
    if (rule.original) written++;
    if (!rule.original && !rule.fired) continue;
    const r = document.createElement("div");
    Object.assign(r.dataset, { line: node.line, rule: written });
    r.className = "rule" + (rule.fired ? " fired" : "");
    r.title = `${rule.input} → ${rule.output}`;
    const k = written;
    if (pictures)
      r.appendChild(rulePicture(rule, node, pictures.colors, (side, index) => pictures.onCell(node, k, side, index)));
    r.append(`${rule.input} → ${rule.output}${rule.fired ? "  (fired)" : ""}`);
    item.appendChild(r);
  }
  (node.children ?? []).forEach((child, k) =>
    item.appendChild(nodeElement(child, running && node.branch && k === node.running, pictures)),
  );
  return item;
}

// A node's steps in words: ": 12 steps", ": 3 of at most 400 steps" (a node's count starts again each
// time it runs; "at most 400 steps" while it has none).
function counted({ counter, steps }) {
  const plural = (n) => (n === 1 ? "step" : "steps");
  if (steps > 0)
    return counter > 0 ? `: ${counter} of at most ${steps} ${plural(steps)}` : `: at most ${steps} ${plural(steps)}`;
  return counter > 0 ? `: ${counter} ${plural(counter)}` : "";
}

// The rules that fired in the last step, as "<one> line 5: WBB → WAW". A node's rules keep their
// marks from its own latest step, so only the nodes whose step count moved since `before` (the tree
// before that step) are named.
export function firedRules(tree, before, out = []) {
  if (!tree) return out;
  if (!before || tree.counter !== before.counter)
    for (const rule of tree.rules ?? [])
      if (rule.fired) out.push(`<${tree.kind}> line ${tree.line}: ${rule.input} → ${rule.output}`);
  (tree.children ?? []).forEach((child, k) => firedRules(child, before?.children?.[k], out));
  return out;
}
