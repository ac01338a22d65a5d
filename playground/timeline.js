// The page's side of the debugger: a "Step back" button and a timeline slider over the run's record
// (any recorded step, exactly; the worker keeps the live run where it is), and breakpoints set by
// clicking a node or a rule in the node tree, which Run and "to the end" pause at.
export class TimelineView {
  // bar: the element the slider and its words go in; back: the Step back button; tree: the node tree's
  // container (tree.js marks its nodes and rules with data-line and data-rule); send: posts to the worker.
  constructor({ bar, back, tree, send }) {
    this.send = send;
    this.tree = tree;
    this.breakpoints = new Map(); // "line" or "line:rule" -> {line, rule}
    this.slider = Object.assign(document.createElement("input"), { type: "range", min: 0, max: 0, value: 0 });
    this.slider.id = "scrub";
    this.slider.title = "the run's timeline: drag to any recorded step";
    this.where = Object.assign(document.createElement("span"), { id: "timelineText" });
    this.status = Object.assign(document.createElement("div"), { id: "breakpointStatus" });
    this.status.setAttribute("role", "status");
    bar.append(this.slider, this.where, this.status);
    this.slider.oninput = () => send({ type: "scrub", step: +this.slider.value });
    back.onclick = () => send({ type: "back" });
    tree.addEventListener("click", (event) => this.toggle(event.target.closest("[data-line]")));
    tree.title = "click a node or a rule to pause there (a breakpoint)";
  }

  // A node (data-line) or a rule (data-line and data-rule) clicked: its breakpoint on or off.
  toggle(element) {
    if (!element) return;
    const line = +element.dataset.line;
    const rule = element.dataset.rule === undefined ? -1 : +element.dataset.rule;
    const key = rule < 0 ? `${line}` : `${line}:${rule}`;
    if (this.breakpoints.has(key)) this.breakpoints.delete(key);
    else this.breakpoints.set(key, { line, rule });
    this.send({ type: "breakpoints", list: [...this.breakpoints.values()] });
    this.mark();
  }

  // Another model: its lines are not the breakpoints' lines.
  clear() {
    this.breakpoints.clear();
    this.send({ type: "breakpoints", list: [] });
    this.status.textContent = "";
  }

  // Marks the tree's nodes and rules that have a breakpoint (after every redraw of the tree).
  mark() {
    for (const element of this.tree.querySelectorAll("[data-line]")) {
      const key =
        element.dataset.rule === undefined ? element.dataset.line : `${element.dataset.line}:${element.dataset.rule}`;
      element.classList.toggle("breakpoint", this.breakpoints.has(key));
    }
  }

  // Every frame: the slider over the record, where the view stands, and the breakpoint a run paused at.
  onFrame(f, tree) {
    if (f.tree) this.mark(); // the tree was drawn again
    if (!f.history) return;
    const { first, last } = f.history;
    Object.assign(this.slider, { min: first, max: last });
    this.slider.value = f.steps;
    this.where.textContent =
      f.viewing === null || f.viewing === undefined
        ? "" // the live run: the counter beside it says its step
        : `step ${f.steps} of ${last}${worked(f.worked, tree)}, from the record: Step goes forward, Run goes on from step ${last}`;
    if (f.breakpoint) this.status.textContent = `paused at a breakpoint: ${describe(f.breakpoint, tree)}`;
    else if (f.taken !== undefined) this.status.textContent = ""; // the run went on (a past step keeps it)
  }
}

// "<all> line 5, rule 1: R → D" as the tree shows it.
function describe({ line, rule }, tree) {
  const node = find(tree, line);
  const kind = node ? `<${node.kind}> ` : "";
  if (rule < 0) return `${kind}line ${line} began to work`;
  let written = -1;
  const shown = (node?.rules ?? []).find((r) => (written += r.original ? 1 : 0) === rule);
  return `${kind}line ${line}, rule ${rule}${shown ? `: ${shown.input} → ${shown.output}` : ""} fired`;
}

// " (made by <one> line 3)": the node whose step led to a past step.
function worked(line, tree) {
  if (!line) return "";
  const node = find(tree, line);
  return ` (made by ${node ? `<${node.kind}> ` : ""}line ${line})`;
}

function find(node, line) {
  if (!node) return null;
  if (node.line === line) return node;
  for (const child of node.children ?? []) {
    const found = find(child, line);
    if (found) return found;
  }
  return null;
}
