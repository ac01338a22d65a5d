// The first-run hint: what to do on this page, in three lines, until it is closed (remembered in
// localStorage, so it shows once per browser).
const KEY = "mj-playground-hint-closed";

export function showHint({ gallery, help }) {
  let closed = false;
  try {
    closed = localStorage.getItem(KEY) === "1";
  } catch {
    // storage blocked: the hint shows every time
  }
  if (closed) return null;
  const hint = document.createElement("div");
  hint.id = "hint";
  hint.innerHTML = `<button class="close" title="close this hint">×</button>
    <p><b>New to MarkovJunior?</b> A program (left) rewrites a grid with rules, a step at a time.
    <b>Run</b> runs it (again, once it ended), <b>Step</b> shows each step; the
    <a href="#" data-do="gallery">Gallery</a> opens any other model.</p>
    <p>Edit the program on the left: hover a name for its meaning, <kbd>F1</kbd> opens the
    <a href="#" data-do="help">language reference</a>, <kbd>Ctrl</kbd>+<kbd>Space</kbd> completes.</p>`;
  const close = () => {
    hint.remove();
    try {
      localStorage.setItem(KEY, "1");
    } catch {
      // not remembered
    }
  };
  hint.querySelector(".close").onclick = close;
  hint.querySelector('[data-do="gallery"]').onclick = (e) => (e.preventDefault(), gallery.show());
  hint.querySelector('[data-do="help"]').onclick = (e) => (e.preventDefault(), help.show());
  document.querySelector("aside").prepend(hint); // beside the grid, not over it
  return hint;
}
