// Build time (Node): the language reference (docs/language/*.md and docs/tutorial.md) as the playground's
// help bundle, help.json. The Markdown is the one source: the pages are rendered here with markdown-it, each
// heading gets an id, links between pages become links inside the help panel, and from the same pages come
// what the editor looks up: the section of each node (its heading `<name>`), the table rows of each attribute
// (hover), and which element reads which attribute (completion), from the reference's "Every attribute"
// index, which tests/docs_test.py keeps complete against the loaders.
import MarkdownIt from "markdown-it";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .trim()
    .replace(/ /g, "-");
const stem = (file) => file.replace(/\.md$/, "");
// pages of docs/ itself, which link to language/X.md
const OUTSIDE = ["tutorial.md", "exercises.md", "errors.md"];
const codes = (text) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const rowCells = (line) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

// The pages in the index's order: README.md, the pages its table lists, then the tutorial and the errors
// (docs/, beside the language folder).
function pageList(language) {
  const index = readFileSync(join(language, "README.md"), "utf8");
  const listed = [...index.matchAll(/^\| \[([a-z-]+\.md)\]/gm)].map((m) => m[1]);
  return [
    { file: "README.md", path: join(language, "README.md") },
    ...listed.map((file) => ({ file, path: join(language, file) })),
    ...OUTSIDE.map((file) => ({ file, path: join(language, "..", file) })),
  ];
}

// Where a link in `page` leads: {page, anchor} inside the help, an example or model file the editor can
// open, a picture, or {repository: path} (a file of the repository the site does not have).
function resolveLink(href, page, pages) {
  if (/^[a-z]+:/.test(href)) return { external: href };
  const [path, anchor = ""] = href.split("#");
  const base = OUTSIDE.includes(page) ? path.replace(/^language\//, "") : path.replace(/^\.\.\/(?=[\w-]+\.md$)/, "");
  if (base === "") return { page, anchor };
  if (pages.has(base)) return { page: base, anchor };
  if (/^examples\/[\w.-]+\.xml$/.test(base)) return { example: `help/${base}` };
  if (/^\.\.\/(\.\.\/)?models\/[\w.-]+\.xml$/.test(base)) return { example: `own/${base.split("/").pop()}` };
  const folder = OUTSIDE.includes(page) ? ["docs"] : ["docs", "language"];
  for (const part of path.split("/"))
    if (part === "..") folder.pop();
    else if (part !== "." && part !== "") folder.push(part);
  return { repository: folder.join("/") + (path.endsWith("/") ? "/" : "") };
}

// A section's id: help:PAGE:ANCHOR (help:PAGE for a page's top), ':' being in no page name or anchor.
const sectionId = (page, anchor) => `help:${stem(page)}${anchor ? ":" + anchor : ""}`;

// The "Every attribute" index: {element: [attribute]}; "#root" for the root element, "#node" for any node.
// "`<convolution>` rules" are the <rule> children of a convolution ("convolution/rule"); "(or a rule node)"
// adds the three rule nodes, which read a rule's attributes when they hold a single rule. Rows that say "a
// note" go to `notes` instead ({element: [attribute]}, "*" for any element): written for the reader, read by
// no interpreter. src/nodes/vocabulary.cpp states the same table (tests/docs_test.py compares the two).
function everyAttribute(index) {
  const table = index.split("## Every attribute")[1].split("\n## ")[0];
  const reads = {};
  const notes = {};
  const add = (into, element, names) => (into[element] ??= new Set()) && names.forEach((n) => into[element].add(n));
  for (const line of table.split("\n").filter((l) => l.startsWith("| `"))) {
    const [names, on] = rowCells(line);
    const attributes = codes(names);
    if (/\ba note\b/.test(on)) {
      if (/any element/.test(on)) add(notes, "*", attributes);
      for (const m of on.matchAll(/`<(\w+)>`/g)) add(notes, m[1], attributes);
      continue;
    }
    if (/\broot\b/.test(on)) add(reads, "#root", attributes);
    if (/any node/.test(on)) add(reads, "#node", attributes);
    if (/rule node/.test(on)) ["one", "all", "prl"].forEach((e) => add(reads, e, attributes));
    for (const m of on.matchAll(/`<(\w+)[^`]*>`( rules)?/g)) add(reads, m[2] ? `${m[1]}/rule` : m[1], attributes);
  }
  const sorted = (table) => Object.fromEntries(Object.entries(table).map(([e, set]) => [e, [...set].sort()]));
  return { accepts: sorted(reads), notes: sorted(notes) };
}

// A link or picture of `page` as the help panel has it: links between pages go to a section of the panel,
// example programs to the editor (data-example), pictures to the site's help/pictures. A link to a file the
// page does not have (the repository's README, its scripts) is no link: the name, marked as the repository's.
function relink(token, page, pages, opened) {
  if (token.type === "link_open") {
    const target = resolveLink(token.attrGet("href"), page, pages);
    token.attrs = [];
    opened.push(target.repository ? token : null);
    if (target.repository) {
      token.tag = "span";
      token.attrSet("class", "repo");
      token.attrSet("title", `${target.repository} in the mj repository: a file this page does not have`);
    } else if (target.external) (token.attrSet("href", target.external), token.attrSet("target", "_blank"));
    else if (target.example) (token.attrSet("href", target.example), token.attrSet("data-example", ""));
    else {
      const id = sectionId(target.page, target.anchor);
      (token.attrSet("href", `#${id}`), token.attrSet("data-section", id));
    }
  }
  if (token.type === "link_close" && opened.pop()) token.tag = "span";
  if (token.type === "image") token.attrSet("src", `help/pictures/${token.attrGet("src").split("/").pop()}`);
}

// {accepts, notes} of the language reference's index (docs/language/README.md), as help.json holds them.
export function attributeIndex(language) {
  return everyAttribute(readFileSync(join(language, "README.md"), "utf8"));
}

export function helpBundle(language) {
  const md = new MarkdownIt({ html: true });
  const list = pageList(language);
  const files = new Set(list.map((p) => p.file));
  const pages = [];
  const nodes = {};
  const attributes = {};
  for (const { file, path } of list) {
    const source = readFileSync(path, "utf8");
    const tokens = md.parse(source, {});
    for (const t of tokens) {
      const opened = []; // the links open in this inline run, null for those that stay links
      for (const child of t.children ?? []) relink(child, file, files, opened);
    }
    let section = sectionId(file, "");
    let header = [];
    let title = file;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.type === "heading_open") {
        const text = tokens[i + 1].content;
        const anchor = slug(tokens[i + 1].children.map((c) => c.content).join(""));
        section = t.tag === "h1" ? sectionId(file, "") : sectionId(file, anchor);
        t.attrSet("id", section);
        if (t.tag === "h1") title = tokens[i + 1].children.map((c) => c.content).join("");
        // a node's entry: the first heading naming it as `<name>` (and the page's title for single-node pages)
        for (const m of text.matchAll(/`<(\w+)>`/g)) nodes[m[1]] ??= section;
      }
      if (t.type === "tr_open") {
        const cells = [];
        for (let j = i + 1; tokens[j].type !== "tr_close"; j++) if (tokens[j].type === "inline") cells.push(tokens[j]);
        if (tokens[i - 1]?.type === "thead_open") header = cells.map((c) => c.content);
        const names = codes(cells[0]?.content ?? "").filter((n) => /^[A-Za-z]\w*$/.test(n));
        const isRow = names.length && /^(`[^`]+`(, )?)+$/.test(cells[0].content) && file !== "README.md";
        if (isRow && tokens[i - 1]?.type !== "thead_open") {
          t.attrSet("data-attrs", names.join(" "));
          const what = cells
            .slice(1)
            .map((c, k) =>
              c.content ? `<b>${header[k + 1] ?? ""}</b> ${md.renderer.renderInline(c.children, md.options, {})}` : "",
            )
            .filter(Boolean)
            .join(" · ");
          for (const name of names) (attributes[name] ??= []).push({ section, row: what });
        }
      }
    }
    const html = md.renderer.render(tokens, md.options, {});
    pages.push({ file, title, html });
  }
  return { pages, nodes, attributes, ...attributeIndex(language) };
}
