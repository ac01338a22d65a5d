// The help panel: the language reference (docs/language, rendered at build time into help.json by
// build/help_bundle.mjs) beside the editor, and the editor's ways into it: hovering a node's or an attribute's
// name shows its entry, F1 opens the panel at the entry of the name under the cursor, and each example
// program has a "try it" button that puts it in the editor.
import { hoverTooltip, keymap } from "@codemirror/view";
import { syntaxTree } from "@codemirror/language";

const escape = (text) => text.replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);

// The docs are written for the repository; on the page, what belongs to the command line is shown as such: a
// shell block with the sentences that lead into and follow it folded under "On the command line", commands in
// the text marked, a paragraph about the repository's files and scripts folded too, and the "checked" that tells
// a reader of the repository a test checks a claim left out.
const COMMAND = /^(bash |mj |python3? |node |npm |ctest |cmake |build\/mj)/;
// The repository's folders of code (README's layout table; playground/tests/browser_teach.mjs checks them
// against the repository's own): a path in one is a file of the repository, not of the page. Not docs/ and
// models/, whose pages and models the page shows itself.
export const CODE_FOLDERS = [
  "bench",
  "cmake",
  "examples",
  "faces",
  "fuzz",
  "include",
  "playground",
  "scripts",
  "src",
  "tests",
];
const PATH = `(?:${CODE_FOLDERS.join("|")})/[\\w./-]*\\w`;
const REPOSITORY_FILE = new RegExp(`^${PATH}$`);
const REPOSITORY_PATH = new RegExp(`(?<![\\w/.-])${PATH}`);
const REPOSITORY_PATHS = new RegExp(`(?<![\\w/.-])(${PATH})`, "g"); // split: the paths at odd indices
function forThePage(content) {
  for (const code of content.querySelectorAll("pre > code.language-sh")) {
    const pre = code.parentElement,
      before = pre.previousElementSibling,
      after = pre.nextElementSibling;
    const fold = document.createElement("details");
    fold.className = "cli";
    fold.innerHTML = "<summary>On the command line (mj installed on your machine; not this page)</summary>";
    pre.before(fold);
    if (before?.tagName === "P" && /(:|with)\s*$/.test(before.textContent)) fold.append(before);
    fold.append(pre);
    if (after?.tagName === "P" && after.textContent.startsWith("(")) fold.append(after);
  }
  for (const code of content.querySelectorAll(":not(pre) > code"))
    if (COMMAND.test(code.textContent)) ((code.className = "cli"), (code.title = "a command line, not this page"));
  // what is about the repository itself, folded as the shell blocks are: a paragraph on its files and the
  // commands that make them, its "Checked claims", and a section on how the repository checks a page
  const inTheRepository = (first, what) => {
    const fold = document.createElement("details");
    fold.className = "cli";
    fold.innerHTML = `<summary>In the mj repository: ${what} (not this page)</summary>`;
    first.before(fold);
    return fold;
  };
  for (const p of content.querySelectorAll("p"))
    if (p.querySelector("span.repo") && p.querySelector("code.cli"))
      inTheRepository(p, "its files and scripts").append(p);
    else if (/^Checked\b/.test(p.querySelector(":scope > strong:first-child")?.textContent ?? ""))
      inTheRepository(p, "how its tests check these pages").append(p);
  for (const h of content.querySelectorAll("h2"))
    if (/^How this is checked/.test(h.textContent)) {
      const fold = inTheRepository(h, "how its tests check this page");
      fold.append(h);
      while (fold.nextElementSibling && !/^H[12]$/.test(fold.nextElementSibling.tagName))
        fold.append(fold.nextElementSibling);
    }
  // a file of the repository named in code or in the text (tests/..., faces/python/...): said to be the
  // repository's
  const fileTitle = "a file of the mj repository, not of this page";
  for (const code of content.querySelectorAll(":not(pre) > code"))
    if (REPOSITORY_FILE.test(code.textContent)) ((code.className = "file"), (code.title = fileTitle));
  const texts = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
  const named = [];
  for (let node; (node = texts.nextNode());)
    if (!node.parentElement.closest("code, pre, a") && REPOSITORY_PATH.test(node.data)) named.push(node);
  for (const node of named) {
    const parts = node.data.split(REPOSITORY_PATHS).map((part, k) => {
      if (k % 2 === 0) return part;
      return Object.assign(document.createElement("code"), { className: "file", title: fileTitle, textContent: part });
    });
    node.replaceWith(...parts);
  }
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());)
    if (/checked\)/.test(node.data))
      node.data = node.data.replace(/,\s*(both\s+)?checked\)/g, ")").replace(/\s*\((both\s+)?checked\)/g, "");
}

// An example's "<!-- run: size=N seed=S d=3 steps=K -->" line (the docs' pictures are made with it:
// scripts/docs.py): {size, seed, sides (2, 3, or 0 without a size), entry (as models.xml would list it, or null)}.
export function exampleRun(xml, name) {
  const run = Object.fromEntries(
    [...(xml.match(/<!--\s*run:([^>]*)-->/)?.[1] ?? "").matchAll(/(\w+)=(\d+)/g)].map((m) => [m[1], +m[2]]),
  );
  const sides = run.size ? (run.d === 3 ? 3 : 2) : 0;
  const steps = run.steps ? { steps: run.steps } : {};
  const entry = sides ? { name, mx: run.size, my: run.size, mz: sides === 3 ? run.size : 1, ...steps } : null;
  return { size: run.size, seed: run.seed, sides, entry };
}

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
  // beside the editor on a wide screen (the page's columns make room for it), over it on a narrow one
  const main = document.querySelector("main");
  main.querySelector("#editor").after(panel);
  const setOpen = (open) => ((panel.hidden = !open), main.classList.toggle("helping", open));
  const pages = panel.querySelector("select");
  const content = panel.querySelector(".page");
  let shown = "";

  function showPage(file) {
    if (shown === file) return;
    const page = bundle.pages.find((p) => p.file === file);
    content.innerHTML = page.html; // built from the repository's own docs (build/help_bundle.mjs), not from a link
    forThePage(content);
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
    setOpen(true);
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
  panel.querySelector(".close").onclick = () => setOpen(false);
  panel.addEventListener("keydown", (e) => e.key === "Escape" && setOpen(false));
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

  // The entry of a node, or of an attribute on a node, inside `parent` (a <rule> of a <convolution> or a
  // <wfc> is theirs, not a rule node's): {section, attribute, title, html}, or null.
  function entry(element, attribute = "", parent = "") {
    if (!bundle) return null;
    const pageOf = (s) => s?.split(":")[1];
    const owner = element === "rule" && ["convolution", "wfc"].includes(parent) ? bundle.nodes[parent] : null;
    const node = bundle.nodes[element];
    if (!attribute && owner) {
      // the section of the owner's page that tells of its rules, and its first paragraph
      const rows = Object.values(bundle.attributes).flat();
      const section = rows.find((r) => pageOf(r.section) === pageOf(owner) && /rule/.test(r.section))?.section ?? owner;
      return { section, title: `<rule> in <${parent}>`, html: summaryOf(section) };
    }
    if (!attribute) return node ? { section: node, title: `<${element}>`, html: summary(element) } : null;
    const rows = bundle.attributes[attribute];
    if (!rows) return null;
    // its row in the node's section, else in a <rule>'s (a rule node holding one rule), else on the node's
    // page; a convolution's or wfc's rule: on the owner's page
    const rule = ["one", "all", "prl"].includes(element) ? bundle.nodes.rule : null;
    const best =
      (owner ? rows.find((r) => pageOf(r.section) === pageOf(owner)) : null) ??
      rows.find((r) => r.section === node) ??
      rows.find((r) => r.section === rule) ??
      rows.find((r) => pageOf(r.section) === pageOf(node)) ??
      rows[0];
    const where = owner ? `<rule> in <${parent}>` : `<${element}>`;
    return { section: best.section, attribute, title: `${attribute} on ${where}`, html: best.row };
  }

  // An element's summary, from its section of the rendered page: the first paragraph before the section's
  // attribute table; else, when the heading says what the element is ("`<union>`: one symbol for several
  // values"), the section's first paragraph; else the page's introduction. Never the navigation bar.
  const summaries = new Map();
  const summary = (element) => (bundle?.nodes[element] ? summaryOf(bundle.nodes[element]) : "");
  function summaryOf(section) {
    if (summaries.has(section)) return summaries.get(section);
    const page = bundle.pages.find((p) => p.file === `${section.split(":")[1]}.md`);
    const doc = new DOMParser().parseFromString(page?.html ?? "", "text/html");
    const isNav = (e) => e.querySelector('a[data-section="help:README"]');
    // the paragraphs after `heading` up to the next heading, and which of them come before a table
    const paragraphs = (heading) => {
      const found = [];
      let table = false;
      for (let e = heading?.nextElementSibling; e && !/^H[1-6]$/.test(e.tagName); e = e.nextElementSibling) {
        table ||= e.tagName === "TABLE";
        // not a lead-in to what follows ("The attributes:"), which says nothing on its own
        if (e.tagName === "P" && !isNav(e) && !/:\s*$/.test(e.textContent)) found.push({ e, table });
      }
      return found;
    };
    const heading = doc.getElementById(section);
    const own = paragraphs(heading);
    const tagline = /:\s*\S/.test(heading?.textContent ?? "");
    const first =
      own.find((p) => !p.table) ?? (tagline ? own[0] : null) ?? paragraphs(doc.querySelector("h1"))[0] ?? null;
    const html = first?.e.innerHTML ?? "";
    summaries.set(section, html);
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
    // Whether the open panel hides the editor (a narrow screen): an example tried then closes it.
    get overEditor() {
      return !panel.hidden && getComputedStyle(panel).position === "absolute";
    },
    close: () => setOpen(false),
  };
}

// The name under `pos` when it is a node's or an attribute's name: {element, attribute, from, to}.
// `parent`: the name of the element it is written in ("" at the root).
function nameAt(state, pos, side = 1) {
  const node = syntaxTree(state).resolveInner(pos, side);
  const text = (n) => state.sliceDoc(n.from, n.to);
  // the tag (OpenTag or SelfClosingTag) -> its Element -> the Element around it -> that one's name
  const parentOf = (tag) => {
    const outer = tag?.parent?.parent;
    const name = outer?.getChild("OpenTag")?.getChild("TagName");
    return name ? text(name) : "";
  };
  if (node.name === "TagName")
    return { element: text(node), attribute: "", parent: parentOf(node.parent), from: node.from, to: node.to };
  if (node.name !== "AttributeName") return null;
  const tag = node.parent?.parent;
  const name = tag?.getChild("TagName");
  return name
    ? { element: text(name), attribute: text(node), parent: parentOf(tag), from: node.from, to: node.to }
    : null;
}

// The editor's hover and F1 for `help`.
export function helpExtensions(help) {
  const hover = hoverTooltip((view, pos, side) => {
    const name = nameAt(view.state, pos, side);
    const found = name && help.entry(name.element, name.attribute, name.parent);
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
        const found = name && help.entry(name.element, name.attribute, name.parent);
        help.show(found?.section ?? "", found?.attribute ?? "");
        return true;
      },
    },
  ]);
  return [hover, f1];
}
