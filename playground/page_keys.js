// The page's keys: Ctrl+Enter runs (in the editor too); Ctrl+Z outside the editor and the boxes undoes the
// brushes' last stroke; a model that takes keys (an <event>) has them while its grid has the focus; else,
// outside the editor and the boxes, Space pauses a run and runs a paused one, and the arrows step (→) and
// step back (←). page: {$, worker, brushes, state}.

// Whether the program takes keys: an <event> of the mj dialect somewhere in its node tree.
export const takesKeys = (node) => !!node && (node.kind === "event" || (node.children ?? []).some(takesKeys));

export function wireKeys({ $, worker, brushes, state }) {
  document.addEventListener(
    "keydown",
    (e) => {
      if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
        e.preventDefault();
        e.stopPropagation(); // before the editor's own Ctrl+Enter
        return $("run").click();
      }
      const typing = e.target.closest?.("input, select, textarea, .cm-editor");
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && !e.shiftKey && !typing && brushes.undo())
        return e.preventDefault();
      if (e.ctrlKey || e.metaKey || e.altKey || typing) return;
      if (e.target.closest?.("#view") && takesKeys(state.tree)) {
        e.preventDefault();
        return worker.postMessage({ type: "key", key: e.key });
      }
      const button = { " ": state.running ? "pause" : "run", ArrowRight: "step", ArrowLeft: "back" }[e.key];
      if (button) (e.preventDefault(), $(button).click());
    },
    true,
  );
}
