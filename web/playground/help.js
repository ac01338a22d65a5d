// The help panel: the language reference (docs/language, rendered at build time into help.json by
// build/help_bundle.mjs) beside the editor, and the editor's ways into it: hovering a node's or an attribute's
// name shows its entry, F1 opens the panel at the entry of the name under the cursor, and each example
// program has a "try it" button that puts it in the editor.
import { hoverTooltip, keymap } from "@codemirror/view";
import { syntaxTree } from "@codemirror/language";

const escape = (text) => text.replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);

export function createHelp({ onExample }) {
  let bundle = null;
  let loading = null;
  // help.json, fetched once; a fetch that failed is said in the panel and tried again at the next opening
  const load = () =>
    (loading ??= fetch("help.json")
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((b) => (bundle = b))
      .catch((e) => ((loading = null), e)));
  load();

  const panel = document.createElement("div");
  panel.id = "help";
  panel.hidden = true;
  panel.innerHTML = `<div class="bar"><select title="page"></select><span class="fill"></span>
    <button class="close" title="close the help (Escape)">×</button></div><div class="page"></div>`;
  document.body.appendChild(panel);
  const pages = panel.querySelector("select");
  const content = panel.querySelector(".page");
  let shown = "";

  function showPage(file) {
    if (shown === file) return;
    const page = bundle.pages.find((p) => p.file === file);
    content.innerHTML = page.html; // built from the repository's own docs (build/help_bundle.mjs), not from a link
    for (const code of content.querySelectorAll("pre > code.language-xml")) {
      const button = document.createElement("button");
      button.className = "try";
      button.textContent = "try it";
      button.title = "put this program in the editor";
      button.onclick = () => onExample(code.textContent, "example");
      code.parentElement.prepend(button);
    }
    pages.value = shown = file;
  }

  // Opens the panel at `section` (an id of help.json), with the table rows of `attribute` marked.
  async function show(section = "", attribute = "") {
    const outcome = await load(); // the bundle, or what kept it away
    panel.style.top = `${document.querySelector("header").getBoundingClientRect().bottom}px`; // below the controls
    panel.hidden = false;
    if (!bundle) return void (content.textContent = `the help could not be loaded (${outcome.message}): open it again`);
    if (!pages.options.length) for (const p of bundle.pages) pages.appendChild(new Option(p.title, p.file));
    const page = bundle.pages.find((p) => p.file === `${section.split(":")[1]}.md`);
    showPage(page?.file || shown || bundle.pages[0].file);
    for (const marked of content.querySelectorAll(".marked")) marked.classList.remove("marked");
    let target = section ? content.querySelector(`#${CSS.escape(section)}`) : null;
    if (target && attribute) {
      // the first row of the attribute after the section's heading
      const rows = [...content.querySelectorAll("tr[data-attrs]")].filter(
        (r) => r.dataset.attrs.split(" ").includes(attribute) && target.compareDocumentPosition(r) & 4,
      );
      if (rows[0]) (rows[0].classList.add("marked"), (target = rows[0]));
    }
    if (target) target.scrollIntoView({ block: "start" });
    else content.scrollTop = 0;
  }

  pages.onchange = () => (showPage(pages.value), (content.scrollTop = 0));
  panel.querySelector(".close").onclick = () => (panel.hidden = true);
  panel.addEventListener("keydown", (e) => e.key === "Escape" && (panel.hidden = true));
  content.addEventListener("click", async (e) => {
    const link = e.target.closest("a");
    if (!link || link.target === "_blank") return;
    e.preventDefault();
    if (link.dataset.section) show(link.dataset.section);
    else if (link.hasAttribute("data-example")) {
      const response = await fetch(link.getAttribute("href"));
      if (response.ok) onExample(await response.text(), link.getAttribute("href").split("/").pop());
    }
  });

  // The entry of a node, or of an attribute on a node: {section, attribute, title, html}, or null.
  function entry(element, attribute = "") {
    if (!bundle) return null;
    const node = bundle.nodes[element];
    if (!attribute) return node ? { section: node, title: `<${element}>`, html: summary(element) } : null;
    const rows = bundle.attributes[attribute];
    if (!rows) return null;
    const pageOf = (s) => s?.split(":")[1];
    // its row in the node's section, else in a <rule>'s (a rule node holding one rule), else on the node's page
    const rule = ["one", "all", "prl"].includes(element) ? bundle.nodes.rule : null;
    const best =
      rows.find((r) => r.section === node) ??
      rows.find((r) => r.section === rule) ??
      rows.find((r) => pageOf(r.section) === pageOf(node)) ??
      rows[0];
    return { section: best.section, attribute, title: `${attribute} on <${element}>`, html: best.row };
  }

  // An element's summary, from its section of the rendered page: the first paragraph before the section's
  // attribute table; else, when the heading says what the element is ("`<union>`: one symbol for several
  // values"), the section's first paragraph; else the page's introduction. Never the navigation bar.
  const summaries = new Map();
  function summary(element) {
    if (!bundle?.nodes[element]) return "";
    if (summaries.has(element)) return summaries.get(element);
    const section = bundle.nodes[element];
    const page = bundle.pages.find((p) => p.file === `${section.split(":")[1]}.md`);
    const doc = new DOMParser().parseFromString(page?.html ?? "", "text/html");
    const isNav = (e) => e.querySelector('a[data-section="help:README"]');
    // the paragraphs after `heading` up to the next heading, and which of them come before a table
    const paragraphs = (heading) => {
      const found = [];
      let table = false;
      for (let e = heading?.nextElementSibling; e && !/^H[1-6]$/.test(e.tagName); e = e.nextElementSibling) {
        table ||= e.tagName === "TABLE";
        if (e.tagName === "P" && !isNav(e)) found.push({ e, table });
      }
      return found;
    };
    const heading = doc.getElementById(section);
    const own = paragraphs(heading);
    const tagline = /:\s*\S/.test(heading?.textContent ?? "");
    const first =
      own.find((p) => !p.table) ?? (tagline ? own[0] : null) ?? paragraphs(doc.querySelector("h1"))[0] ?? null;
    const html = first?.e.innerHTML ?? "";
    summaries.set(element, html);
    return html;
  }

  return {
    show,
    entry,
    summary,
    get bundle() {
      return bundle;
    },
    get open() {
      return !panel.hidden;
    },
  };
}

// The name under `pos` when it is a node's or an attribute's name: {element, attribute, from, to}.
function nameAt(state, pos, side = 1) {
  const node = syntaxTree(state).resolveInner(pos, side);
  const text = (n) => state.sliceDoc(n.from, n.to);
  if (node.name === "TagName") return { element: text(node), attribute: "", from: node.from, to: node.to };
  if (node.name !== "AttributeName") return null;
  const tag = node.parent?.parent?.getChild("TagName");
  return tag ? { element: text(tag), attribute: text(node), from: node.from, to: node.to } : null;
}

// The editor's hover and F1 for `help`.
export function helpExtensions(help) {
  const hover = hoverTooltip((view, pos, side) => {
    const name = nameAt(view.state, pos, side);
    const found = name && help.entry(name.element, name.attribute);
    if (!found) return null;
    return {
      pos: name.from,
      end: name.to,
      above: true,
      create() {
        const dom = document.createElement("div");
        dom.className = "help-tip";
        dom.innerHTML = `<b>${escape(found.title)}</b> ${found.html} <a href="#" class="more">more (F1)</a>`;
        dom.querySelector(".more").onclick = (e) => (e.preventDefault(), help.show(found.section, found.attribute));
        for (const a of dom.querySelectorAll("a[data-section]"))
          a.onclick = (e) => (e.preventDefault(), help.show(a.dataset.section));
        return { dom };
      },
    };
  });
  const f1 = keymap.of([
    {
      key: "F1",
      run(view) {
        const pos = view.state.selection.main.head;
        const name = nameAt(view.state, pos, -1) ?? nameAt(view.state, pos, 1);
        const found = name && help.entry(name.element, name.attribute);
        help.show(found?.section ?? "", found?.attribute ?? "");
        return true;
      },
    },
  ]);
  return [hover, f1];
}
