// The XML editor: CodeMirror 6 with XML highlighting, and the model's errors marked at their line as
// you type (the worker loads the text and says what is wrong where); `extensions` adds the help and
// completion (help.js, completion.js).
import { EditorView, basicSetup } from "codemirror";
import { xml } from "@codemirror/lang-xml";
import { linter, lintGutter, forceLinting } from "@codemirror/lint";

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
    relint() {
      forceLinting(view);
    },
    // the CodeMirror view (tests place the cursor and find a name's coordinates with it)
    get view() {
      return view;
    },
  };
}
