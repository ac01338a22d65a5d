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
