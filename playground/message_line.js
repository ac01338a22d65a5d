// The line under the grid: what went wrong (red), or a notice (blue) of what the page did, of what the model
// writes that nothing reads, of what went wrong in a run without stopping it. page: {element, state, key(),
// editorText(), paintingWords() (the brushes' words for the painting)}.
export class MessageLine {
  constructor(page) {
    this.page = page;
  }

  show(text, notice = false) {
    this.page.element.textContent = text;
    this.page.element.classList.toggle("notice", notice);
  }

  // A notice (state.notice), red when it says what a link got wrong.
  notice(text) {
    this.show(text, !this.page.state.noticeWrong);
  }

  // While nothing else is said: the page's notice, a link's painting, what the model writes that nothing
  // reads, what went wrong in the run; or, while the editor's text is not the loaded model's, what its check
  // said; and in red, a size refused (state.refusal) and the painted layers the library refused.
  standing() {
    const { state } = this.page;
    const f = state.frame;
    const red = [state.refusal, ...(f?.refused ?? [])].filter(Boolean);
    if (state.edited) return this.show([...red, state.edited.text].join("; "), !red.length && !state.edited.error);
    const painting =
      state.linkPainting &&
      `this link's runs start from its painting (${this.page.paintingWords()}): the brushes under the grid show it`;
    const words = [state.notice, painting, ...state.modelNotices, ...(f?.runNotices ?? [])];
    if (red.length) return this.show([...words, ...red].filter(Boolean).join("; "));
    this.notice(words.filter(Boolean).join("; "));
  }

  // The editor's text checked as it is typed: while it is not the loaded model's, the grid and the node tree
  // are the text before's (marked so: style.css's .stale), and the line says the new text's error, or its
  // notices, until Run (Step...) loads it; the loaded text again (revert), the loaded model's words are back.
  checked(xml, { error, notices }) {
    const { state } = this.page;
    if (xml !== this.page.editorText()) return; // typed on since
    const edited = state.loadedKey !== this.page.key() && !state.loading;
    const was = !!state.edited;
    this.markStale(edited);
    state.edited = !edited
      ? ""
      : error
        ? { error: true, text: `${error.text} (the grid and the node tree are the text's before)` }
        : { error: false, text: [...notices, "the text is edited: Run loads it"].join("; ") };
    if (edited || was) this.standing(); // else what the line says stays (a state graph's refusal...)
  }

  markStale(stale) {
    for (const id of ["stage2d", "tree"]) document.getElementById(id).classList.toggle("stale", stale);
  }
}
