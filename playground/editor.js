// The XML editor: CodeMirror 6 with XML highlighting, and the model's errors marked at their line as
// you type (the worker loads the text and says what is wrong where); `extensions` adds the help and
// completion (help.js, completion.js).
import { EditorView, basicSetup } from "codemirror";
import { GutterMarker, gutter } from "@codemirror/view";
import { RangeSet, StateEffect, StateField } from "@codemirror/state";
import { xml } from "@codemirror/lang-xml";
import { linter, lintGutter, forceLinting } from "@codemirror/lint";

// The run's marks in a gutter of their own: ▶ at the line of the node that runs next, ● at the lines
// with a breakpoint (timeline.js).
class Mark extends GutterMarker {
  constructor(text, className) {
    super();
    Object.assign(this, { text, className });
  }
  toDOM() {
    return Object.assign(document.createElement("span"), { textContent: this.text, className: this.className });
  }
  eq(other) {
    return other.text === this.text;
  }
}
const current = new Mark("▶", "cm-runMark current");
const breakpoint = new Mark("●", "cm-runMark breakpoint");
const both = new Mark("◉", "cm-runMark current breakpoint");
const setMarks = StateEffect.define();
const marks = StateField.define({
  create: () => RangeSet.empty,
  update(value, transaction) {
    for (const effect of transaction.effects) if (effect.is(setMarks)) return effect.value;
    return value.map(transaction.changes);
  },
});
const runGutter = [marks, gutter({ class: "cm-runGutter", markers: (view) => view.state.field(marks) })];

// The editor closes a tag as it is opened (<all> gets its </all>): a closing tag typed out anyway, by
// habit, takes the place of the one the editor wrote after it instead of adding a second.
const escapeName = (name) => name.replace(/[-]/g, "\\$&");
const closedOnce = EditorView.inputHandler.of((view, from, to, text) => {
  if (text !== ">") return false;
  const doc = view.state.doc;
  const name = doc.sliceString(Math.max(0, from - 64), from).match(/<\/([\w-]+)$/)?.[1];
  if (!name) return false;
  const next = doc.sliceString(to, to + 256).match(new RegExp(`^\\s*</${escapeName(name)}>`));
  if (!next) return false;
  const all = doc.toString().replace(/<!--[\s\S]*?-->/g, "");
  const opened = [...all.matchAll(new RegExp(`<${escapeName(name)}(?:\\s(?:[^>"']|"[^"]*"|'[^']*')*)?>`, "g"))].filter(
    (m) => !m[0].endsWith("/>"),
  ).length;
  const closed = all.split(`</${name}>`).length - 1; // before this one
  if (closed + 1 <= opened) return false; // it closes a tag still open
  view.dispatch({
    changes: [
      { from, to, insert: ">" },
      { from: to, to: to + next[0].length, insert: "" },
    ],
    selection: { anchor: from + 1 },
    userEvent: "input.type",
  });
  return true;
});

export function createEditor(parent, { check, onChange, extensions = [] }) {
  let view;
  const source = async (v) => {
    const error = await check(v.state.doc.toString());
    if (!error) return [];
    const line = v.state.doc.line(Math.min(Math.max(error.line, 1), v.state.doc.lines));
    return [{ from: line.from, to: Math.max(line.to, line.from + 1), severity: "error", message: error.detail }];
  };
  view = new EditorView({
    parent,
    extensions: [
      basicSetup,
      EditorView.lineWrapping,
      xml(),
      lintGutter(),
      runGutter,
      closedOnce,
      linter(source, { delay: 300 }),
      extensions,
      EditorView.updateListener.of((update) => update.docChanged && onChange(update.state.doc.toString())),
    ],
  });
  return {
    get text() {
      return view.state.doc.toString();
    },
    set text(value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
    },
    // Marks `line` (the node that runs next; 0: none) and the lines of `breakpoints` in the gutter.
    mark(line, breakpoints = []) {
      const doc = view.state.doc;
      const lines = new Map(breakpoints.filter((l) => l >= 1 && l <= doc.lines).map((l) => [l, breakpoint]));
      if (line >= 1 && line <= doc.lines) lines.set(line, lines.has(line) ? both : current);
      const ranges = [...lines].sort((a, b) => a[0] - b[0]).map(([l, m]) => m.range(doc.line(l).from));
      view.dispatch({ effects: setMarks.of(RangeSet.of(ranges)) });
    },
    relint() {
      forceLinting(view);
    },
    // the CodeMirror view (tests place the cursor and find a name's coordinates with it)
    get view() {
      return view;
    },
  };
}
