// The node tree beside the grid, as the reference's GUI lists it: the running node highlighted, each
// rule node's rules as pictures (rule_pictures.js) with the one that fired in the last step marked.
// pictures: {colors: {symbol: 0xRRGGBB}, onCell(line, written, side, index, symbols)} or none.
import { rulePicture } from "./rule_pictures.js";

// A run that has ended has no running node to highlight.
export function drawTree(container, tree, pictures = null, ended = false) {
  container.replaceChildren();
  if (tree) container.appendChild(nodeElement(tree, !ended, pictures));
}

function nodeElement(node, running, pictures) {
  const item = document.createElement("div");
  item.className = "node" + (running && (node.current || !node.branch) ? " running" : "");
  const label = document.createElement("div");
  label.className = "label";
  const count = node.steps > 0 ? ` ${node.counter}/${node.steps}` : node.counter > 0 ? ` ${node.counter}` : "";
  label.textContent = `<${node.kind}> line ${node.line}${count}`;
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
