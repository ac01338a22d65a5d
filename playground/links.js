// The page's links (share.js): the share button's link of the work on screen, and the link the page is opened
// with. page: {$, models, editor, brushes, state, size, showMessage, chooseModel}.
import { encodePainting } from "./brush.js";
import { decodeShare, encodeShare, readableLink } from "./share.js";

export function wireLinks(page) {
  const { $, models, editor, brushes, state } = page;
  // The link goes to the clipboard and the box beside the button, not the address bar: a reload shows the
  // work as it is now, not as it was shared.
  $("share").onclick = () => {
    const { group, entry } = models.selected();
    const model = group === "fork" ? (entry?.from ?? "") : $("model").value;
    const share = { model, size: page.size(), seed: +$("seed").value, speed: +$("speed").value };
    if (state.stepLimit) share.steps = state.stepLimit;
    if (group === "fork" || editor.text !== state.originalXml) share.xml = editor.text;
    const painting = encodePainting(brushes.painting);
    if (painting) share.painting = painting;
    const link = location.href.split("#")[0].split("?")[0] + encodeShare(share);
    $("shareLink").value = link;
    $("shareLink").hidden = false;
    $("shareLink").select();
    const said = (text) => ($("shareCopied").textContent = text);
    said("");
    (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"))).then(
      () => said("copied"),
      () => said("select and copy the link"),
    );
  };

  // "world": the world page, with the chosen model when it is one of the lists (a fork's text is this browser's).
  $("worldLink").onclick = () => {
    const model = $("model").value;
    $("worldLink").href = model.startsWith("fork/") ? "world.html" : `world.html?${new URLSearchParams({ model })}`;
  };

  // Opens the page's link (a hash link, else a readable ?model= link, else the first model): what it gets
  // wrong is said once in the status line, and the page loads what is valid (the first model if the link
  // names none it has). A link's painting is said too: its run starts from it.
  return function openLink() {
    state.linksRead++;
    const link = decodeShare(location.hash) ?? readableLink(location.search);
    if (!link) return page.chooseModel(models.defaultModel()).then(() => $("run").click()); // a first look: it runs
    // read once: the address bar goes back to the page, so that a reload keeps the work done since
    history.replaceState(null, "", location.pathname);
    const { share, problems } = link;
    const words = problems.length ? [`this link is broken: ${problems.join("; ")}`] : [];
    const model = share.model && models.listed(share.model);
    if (share.model && !model) words.push(`no model named ${share.model}`);
    state.notice = words.join("; ");
    state.noticeWrong = true;
    page.showMessage(state.notice);
    // a valid link runs, as a first look does: its run, not step 0 of an empty grid
    const chosen = page.chooseModel(model || models.defaultModel(), share).then(() => {
      // said with every frame until the painting or the model changes (message_line.js)
      state.linkPainting = !!share.painting && !!brushes.painting;
    });
    // (a link that says something, its words or a fork it made of the kept edits, waits for Run: they stay)
    return chosen.then(() => problems.length || state.notice || $("run").click());
  };
}
