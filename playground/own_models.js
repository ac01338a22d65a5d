// The header's buttons for models of one's own (kept in this browser, drafts.js): fork, new model, rename,
// delete. page: {$, models (model_list.js), editor, state, act, showMessage, chooseModel, ensureLoaded, givenSize}.
import { dropFork, forkName, keepDraft, newName, renameFork, saveFork, storageProblem } from "./drafts.js";

// A model of one's own: a program of no rules yet, with the values to write them in.
const NEW_MODEL = `<!-- Your model: values are its symbols, the first fills the grid. Write its rules inside,
     for instance <one in="WB" out="WW"/> (hover a name for help, Ctrl+Space completes). -->
<markov values="BW" origin="True">
</markov>
`;
// A name for a model: letters, digits, spaces, '-', '_' and '.' (it names its exports).
const modelName = /^[\w-][\w .-]{0,59}$/;

export function wireOwnModels(page) {
  const { $, models, editor, state, act, showMessage, chooseModel } = page;
  // An edited copy kept under its own name, listed under "your models".
  $("fork").onclick = () => {
    const { group, name, entry } = models.selected();
    const from = group === "fork" ? entry.from : $("model").value;
    const forked = forkName(name);
    if (!saveFork(forked, from, editor.text)) return showMessage(storageProblem());
    if (group !== "fork") keepDraft($("model").value, state.originalXml, state.originalXml); // the edits moved
    models.fillForks();
    state.notice = `kept as the fork ${forked}`;
    chooseModel(`fork/${forked}`, { size: page.givenSize() ?? undefined, seed: +$("seed").value });
  };
  $("newModel").onclick = () => {
    act();
    const name = newName();
    if (!saveFork(name, "", NEW_MODEL)) return showMessage(storageProblem());
    models.fillForks();
    state.notice = `${name}: a model of your own, kept in this browser as you type`;
    chooseModel(`fork/${name}`);
  };
  $("rename").onclick = () => {
    act();
    const { group, name } = models.selected();
    const to = group === "fork" ? window.prompt(`A new name for ${name}:`, name)?.trim() : "";
    if (!to || to === name) return;
    if (!modelName.test(to))
      return showMessage(`a model's name is up to 60 letters, digits, spaces, '-', '_' and '.': not ${to}`);
    if (!renameFork(name, to)) return showMessage(storageProblem() || `a model of yours is named ${to} already`);
    models.fillForks();
    $("model").value = state.editing = `fork/${to}`;
    state.notice = `${name} is now ${to}`;
    page.ensureLoaded(); // its runs and exports take the new name
  };
  $("delete").onclick = () => {
    act();
    const { group, name, entry } = models.selected();
    if (group !== "fork" || !window.confirm(`Delete ${name} from this browser?`)) return;
    if (!dropFork(name)) return showMessage(storageProblem());
    models.fillForks();
    state.notice = `${name} is deleted`;
    chooseModel(models.listed(entry?.from ?? "") ?? models.defaultModel());
  };
}
