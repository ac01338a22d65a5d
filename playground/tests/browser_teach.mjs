#!/usr/bin/env node
// The playground teaches: the help panel (the language reference from docs/language) opens at a node's entry
// from the editor (F1, hover), completion offers an element's attributes and the model's symbols with their
// colours, Run restarts a finished run and Reset goes back to step 0, every models.xml variant (3D ones too)
// can be chosen from the list, the gallery opens a model, the first visit shows a hint, and the first load runs.
// Usage: node --test playground/tests/browser_teach.mjs   (needs build-web/site with the corpus: scripts/web.sh)
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { choose, frame, playground, root, runToEnd, site, until } from "./playground_page.mjs";

const { pageTest, open } = playground();
const corpusEntries = () =>
  readFileSync(join(site, "corpus", "models.xml"), "utf8")
    .replace(/<!--[\s\S]*?-->/g, "")
    .match(/<model\b/g).length;

test("help.json has an entry for every node kind, a row for every attribute, and links that lead somewhere", () => {
  const help = JSON.parse(readFileSync(join(site, "help.json"), "utf8"));
  const registry = readFileSync(join(root, "src", "nodes", "registry.cpp"), "utf8");
  const kinds = [
    ...registry
      .split("kKinds[]")[1]
      .split("};")[0]
      .matchAll(/\{\s*"([a-z]+)"/g),
  ].map((m) => m[1]);
  assert.ok(kinds.length >= 10, kinds.join());
  const html = help.pages.map((p) => p.html).join("\n");
  for (const kind of kinds) assert.ok(html.includes(`id="${help.nodes[kind]}"`), `<${kind}> has no entry`);
  const attributes = new Set(Object.values(help.accepts).flat());
  for (const name of attributes) assert.ok(help.attributes[name]?.length, `${name} has no table row`);
  assert.ok(help.accepts.one.includes("search") && help.accepts["#root"].includes("values"));
  for (const [, id] of html.matchAll(/data-section="([^"]+)"/g)) assert.ok(html.includes(`id="${id}"`), id);
  for (const [, src] of html.matchAll(/<img src="([^"]+)"/g)) assert.ok(existsSync(join(site, src)), src);
  // every link works: a section of the help, an example the site has, or a page elsewhere; a file of the
  // repository the site lacks is its name marked as the repository's, not a link (README, scripts/...)
  for (const [a] of html.matchAll(/<a\b[^>]*>/g)) {
    const href = a.match(/href="([^"]+)"/)?.[1];
    assert.ok(href, `a link to nowhere: ${a}`);
    if (a.includes("data-example")) assert.ok(existsSync(join(site, href)), href);
    else assert.ok(/^(#help:|https?:)/.test(href), href);
  }
  const repository = [...html.matchAll(/<span class="repo" title="([^ "]+) in the mj repository/g)].map((m) => m[1]);
  assert.ok(repository.includes("README.md") && repository.includes("scripts/tutorial_views.py"), repository.join());
  assert.ok(html.includes('data-section="help:exercises"'), "the tutorial's exercises are a page of the help");
});

// Puts `text` in the editor with the cursor at `at` (an index into the text), focused.
async function edit(page, text, at) {
  await page.evaluate(
    (t, a) => {
      const { editor } = window.mjPlayground;
      editor.text = t;
      editor.view.dispatch({ selection: { anchor: a } });
      editor.view.focus();
    },
    text,
    at,
  );
}

// The labels the completion list shows, once it shows.
async function completions(page) {
  await page.keyboard.down("Control");
  await page.keyboard.press("Space");
  await page.keyboard.up("Control");
  await until(page, () => document.querySelector(".cm-tooltip-autocomplete li"));
  return page.$$eval(".cm-tooltip-autocomplete .cm-completionLabel", (labels) => labels.map((l) => l.textContent));
}

pageTest("F1 on a node's name opens the help panel at its entry, hover shows it", async (page) => {
  await open(page, "?model=GrowthMaze");
  await until(page, () => !window.mjPlayground.state.loading);
  const text = '<markov values="BW">\n  <all in="B" out="W" steps="2"/>\n</markov>';
  await edit(page, text, text.indexOf("all") + 1);
  await until(page, () => window.mjPlayground.help.bundle);
  await page.keyboard.press("F1");
  await until(page, () => !document.getElementById("help").hidden);
  const heading = await until(page, () => {
    // the entry's heading is scrolled to the top of the panel
    const h = document.getElementById("help:rule-nodes:all");
    const content = document.querySelector("#help .page").getBoundingClientRect();
    return h && Math.abs(h.getBoundingClientRect().top - content.top) < 40 && h.textContent;
  });
  assert.equal(await heading.jsonValue(), "<all>");

  // an attribute: its table row on the node's page, marked
  await page.click("#help .close");
  await edit(page, text, text.indexOf("steps") + 2);
  await page.keyboard.press("F1");
  await until(page, () => document.querySelector("#help tr.marked"));
  const row = await page.$eval("#help tr.marked", (r) => r.dataset.attrs);
  assert.ok(row.split(" ").includes("steps"), row);
  await page.click("#help .close");

  // hovering the name shows the entry's summary
  const box = await page.evaluate(
    (at) => {
      const c = window.mjPlayground.editor.view.coordsAtPos(at);
      return { x: (c.left + c.right) / 2 + 3, y: (c.top + c.bottom) / 2 };
    },
    text.indexOf("markov") + 1,
  );
  await page.mouse.move(box.x, box.y);
  await until(page, () => document.querySelector(".help-tip"));
  const tip = await page.$eval(".help-tip", (t) => t.textContent);
  assert.match(tip, /<markov>/);
  assert.match(tip, /first child/);
});

pageTest(
  "completion offers the attributes an element reads, the elements that may stand there and the model's symbols in their colours",
  async (page) => {
    await open(page, "?model=GrowthMaze");
    await until(page, () => !window.mjPlayground.state.loading && window.mjPlayground.help.bundle);
    const rule = '<sequence values="BWP">\n  <one in="B" out="W" />\n</sequence>';
    await edit(page, rule, rule.indexOf('out="W" ') + 8);
    const one = await completions(page);
    for (const name of ["steps", "temperature", "search", "p", "symmetry"])
      assert.ok(one.includes(name), `${name} in ${one}`);
    for (const name of ["in", "out", "scale", "values", "origin"]) assert.ok(!one.includes(name), `${name} in ${one}`);
    await page.keyboard.press("Escape");

    const path = '<sequence values="BWP">\n  <path />\n</sequence>';
    await edit(page, path, path.indexOf("<path ") + 6);
    const paths = await completions(page);
    for (const name of ["from", "to", "on", "color", "inertia", "longest"]) assert.ok(paths.includes(name), name);
    await page.keyboard.press("Escape");

    // in a rule's in="": the values in scope, each with the colour the page draws it in (GrowthMaze's B: 101820)
    const symbols = '<sequence values="BWP">\n  <one in="" out="W"/>\n</sequence>';
    await edit(page, symbols, symbols.indexOf('in=""') + 4);
    const offered = await completions(page);
    assert.deepEqual(offered.slice(0, 3), ["B", "W", "P"]);
    assert.ok(offered.includes("*"));
    const swatch = await page.$eval(".cm-tooltip-autocomplete li .swatch", (s) => s.style.background);
    assert.equal(swatch, "rgb(16, 24, 32)");
    await page.keyboard.press("Escape");

    // after "<": the element names that may stand there: nodes in a <sequence>, a rule node's parts in a <one>
    const tag = '<sequence values="BW">\n  <\n</sequence>';
    await edit(page, tag, tag.indexOf("  <") + 3);
    const tags = await completions(page);
    for (const name of ["one", "all", "prl", "markov", "path", "wfc"]) assert.ok(tags.includes(name), name);
    for (const name of ["rule", "field", "observe"]) assert.ok(!tags.includes(name), `${name} in a <sequence>`);
    await page.keyboard.press("Escape");
    const inOne = '<sequence values="BW">\n  <one>\n    <\n  </one>\n</sequence>';
    await edit(page, inOne, inOne.indexOf("    <") + 5);
    const parts = await completions(page);
    for (const name of ["rule", "field", "observe"]) assert.ok(parts.includes(name), `${name} in a <one>`);
  },
);

pageTest("Run on a finished run runs it again; Reset goes back to step 0", async (page) => {
  await open(page, "?model=GrowthMaze");
  await choose(page, "own/GrowthMaze", [21, 21, 1], 4);
  await runToEnd(page);
  const first = await frame(page);
  assert.ok(first.finished && first.steps > 50, `${first.steps} steps`);
  await page.evaluate(() => (document.getElementById("speed").value = 0)); // a step a frame: the new run is seen
  await page.click("#run");
  await until(page, (n) => window.mjPlayground.state.frame.steps < n, first.steps);
  await until(page, () => window.mjPlayground.state.frame.finished);
  assert.equal((await frame(page)).steps, first.steps, "the same seed, the same run");
  await page.click("#reset");
  await until(page, () => window.mjPlayground.state.frame.steps === 0);
  assert.equal((await frame(page)).finished, false);
  await page.click("#step");
  await until(page, () => window.mjPlayground.state.frame.steps === 1);
});

// The corpus entries listed again with the same size and step limit (their iso="True" twins, whose settings
// are mj run's pictures'): listed once.
const TWINS = ["Apartemazements-2", "CarmaTower-2", "ModernHouse-2", "SeaVilla-2"];

pageTest("every models.xml variant is in the list, twins once: MazeGrowth 27x27x27 runs in 3D", async (page) => {
  await open(page, "?model=GrowthMaze");
  const options = await page.$$eval("#model option", (o) => o.map((x) => [x.value, x.textContent]));
  const own = options.filter(([v]) => v.startsWith("own/"));
  assert.equal(options.length - own.length, corpusEntries() - TWINS.length, "an option per corpus entry but twins");
  for (const twin of TWINS) assert.ok(!options.some(([v]) => v === `corpus/${twin}`), twin);
  assert.deepEqual(
    options.find(([v]) => v === "corpus/MazeGrowth-2"),
    ["corpus/MazeGrowth-2", "MazeGrowth (27×27×27)"],
  );
  await page.select("#model", "corpus/MazeGrowth-2");
  await until(page, () => window.mjPlayground.state.frame?.mz === 27);
  const sides = await page.evaluate(() => ["mx", "my", "mz"].map((id) => document.getElementById(id).value));
  assert.deepEqual(sides, ["27", "27", "27"]);
  await page.click("#step");
  await until(page, () => window.mjPlayground.state.frame.steps === 1);
  const f = await frame(page);
  assert.equal(f.mz, 27);
  const in3d = await page.evaluate(() => getComputedStyle(document.getElementById("stage3d")).display);
  const webgl = await page.evaluate(() => window.mjPlayground.view3d.available);
  assert.equal(in3d, webgl ? "block" : "none", "the voxel view when there is WebGL, else the isometric picture");

  // a link names it too (as docs/gallery.md's do: sides, and steps -1 for none), and a bare name keeps
  // opening the first entry
  await open(page, "?model=MazeGrowth-2&length=27&width=25&height=23&seed=1&steps=-1");
  await until(page, () => window.mjPlayground.state.frame?.mz === 23);
  assert.deepEqual([(await frame(page)).mx, (await frame(page)).my], [27, 25]);
  assert.equal(await page.$eval("#message", (m) => m.textContent), "", "no complaint about the link");
  await open(page, "?model=MazeGrowth");
  await until(page, () => !window.mjPlayground.state.loading && window.mjPlayground.state.frame);
  assert.equal(await page.$eval("#model", (s) => s.value), "corpus/MazeGrowth");
  assert.equal((await frame(page)).mz, 1);
  // a link to a twin opens the first of its name
  await open(page, "?model=CarmaTower-2");
  await until(page, () => !window.mjPlayground.state.loading && window.mjPlayground.state.frame);
  assert.equal(await page.$eval("#model", (s) => s.value), "corpus/CarmaTower");
  assert.equal(await page.$eval("#message", (m) => m.textContent), "");
});

pageTest("the gallery shows every entry with its thumbnail and opens the one clicked", async (page) => {
  await open(page, "?model=GrowthMaze");
  await page.click("#galleryButton");
  await until(page, () => !document.getElementById("gallery").hidden && document.querySelector("#gallery .card"));
  const cards = await page.$$eval("#gallery .card", (c) => c.map((x) => x.dataset.model));
  const own = await page.$$eval("#model optgroup:first-child option", (o) => o.length);
  assert.equal(cards.length, own + corpusEntries() - TWINS.length);
  assert.ok(cards.includes("corpus/Voronoi-2") && cards.includes("own/RoomMaze"));
  assert.ok(!cards.includes("corpus/CarmaTower-2") && cards.includes("corpus/CarmaTower"), "twins once");
  await until(page, () =>
    [...document.querySelectorAll("#gallery .card img")].slice(0, 8).every((i) => i.naturalWidth),
  );
  await page.type("#gallery input", "wfc 3D");
  const shown = await page.$$eval("#gallery .card:not([hidden])", (c) => c.map((x) => x.dataset.model));
  assert.ok(shown.length > 0 && shown.length < cards.length && shown.includes("corpus/Apartemazements"), shown);
  await page.evaluate(() => (document.querySelector("#gallery input").value = ""));
  await page.$eval("#gallery input", (i) => i.dispatchEvent(new Event("input")));
  await page.click('#gallery .card[data-model="corpus/Voronoi-2"]');
  await until(page, () => document.getElementById("gallery").hidden);
  await until(page, () => window.mjPlayground.state.frame?.mz === 60);
  assert.equal(await page.$eval("#model", (s) => s.value), "corpus/Voronoi-2");
});

pageTest("the first visit shows a hint until it is closed; the first load runs its model", async (page) => {
  await open(page);
  await page.evaluate(() => localStorage.clear());
  await open(page);
  await until(page, () => document.getElementById("hint"));
  await until(page, () => window.mjPlayground.state.frame?.steps > 0); // not one dot and "0 steps"
  // gallery.json held back until Escape was pressed: Escape closes the gallery while its cards load (it
  // once stayed open over the page on a busy machine, and the hint's close button could not be clicked)
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.setRequestInterception(true);
  page.on("request", (r) => (r.url().endsWith("/gallery.json") ? held : Promise.resolve()).then(() => r.continue()));
  await page.click("#hint [data-do=gallery]");
  await until(page, () => !document.getElementById("gallery").hidden);
  await page.keyboard.press("Escape");
  await until(page, () => document.getElementById("gallery").hidden);
  release();
  await page.click("#hint .close");
  assert.equal(await page.$("#hint"), null);
  await open(page);
  await until(page, () => window.mjPlayground.state.frame?.steps > 0);
  assert.equal(await page.$("#hint"), null, "closed stays closed");
});

pageTest("a help that could not be loaded says so, and is fetched again at the next opening", async (page) => {
  let refusing = true;
  await page.setRequestInterception(true);
  page.on("request", (request) =>
    refusing && request.url().endsWith("/help.json") ? request.abort() : request.continue(),
  );
  await open(page, "?model=GrowthMaze");
  await page.click("#helpButton");
  await until(page, () => document.querySelector("#help .page")?.textContent.includes("could not be loaded"));
  refusing = false;
  await page.click("#help .close");
  await page.click("#helpButton");
  await until(page, () => document.querySelector("#help .try"));
});

pageTest("the help's examples open in the editor", async (page) => {
  await open(page, "?model=GrowthMaze");
  await page.click("#helpButton");
  await until(page, () => document.querySelector("#help .try"));
  const program = await page.$eval("#help pre code.language-xml", (c) => c.textContent);
  await page.click("#help .try");
  assert.equal(await page.evaluate(() => window.mjPlayground.editor.text), program);
  await page.select("#help select", "branches.md");
  await until(page, () => document.querySelector('#help img[src="help/pictures/Backtracker_3.png"]')?.naturalWidth);
});

pageTest(
  "the help stands beside the editor on a wide screen, over it on a narrow one, written for the page",
  async (page) => {
    await open(page, "?model=GrowthMaze");
    await until(page, () => window.mjPlayground.help.bundle);
    await page.evaluate(() => window.mjPlayground.help.show("help:tutorial"));
    await until(page, () => document.querySelector("#help h1"));
    const boxes = () =>
      page.evaluate(() =>
        Object.fromEntries(
          ["editor", "help", "view"].map((id) => [id, document.getElementById(id).getBoundingClientRect().toJSON()]),
        ),
      );
    // 1400 wide: a column between the editor and the grid, the editor still seen
    let b = await boxes();
    assert.ok(
      b.editor.width >= 300 && b.help.left >= b.editor.right - 1 && b.help.right <= b.view.left + 1,
      JSON.stringify(b),
    );
    // 1000 wide: over the editor, below the controls, and an example tried closes it (its program is seen)
    await page.setViewport({ width: 1000, height: 700 });
    await until(page, () => getComputedStyle(document.getElementById("help")).position === "absolute");
    b = await boxes();
    const header = await page.$eval("header", (h) => h.getBoundingClientRect().bottom);
    assert.ok(
      b.help.left <= b.editor.left + 1 && b.help.top >= header - 1 && b.help.right <= b.view.left + 1,
      JSON.stringify(b),
    );
    await page.click("#help .try");
    await until(page, () => document.getElementById("help").hidden);
    await page.setViewport({ width: 1400, height: 800 });

    // written for the page: the tutorial's shell block folded under "On the command line" with the sentences
    // around it, no "checked" for a repository's reader
    await page.evaluate(() => window.mjPlayground.help.show("help:tutorial"));
    await until(page, () => document.querySelector("#help details.cli"));
    const fold = await page.$eval("#help details.cli", (d) => d.textContent);
    assert.match(fold, /^On the command line/);
    assert.match(fold, /mj run docs\/language\/examples\/Tutorial1\.xml/);
    assert.match(fold, /build\/mj/, "the sentence on build/mj goes with it");
    for (const file of ["README.md", "rule-nodes.md", "inference.md", "rules.md"]) {
      await page.select("#help select", file);
      assert.doesNotMatch(await page.$eval("#help .page", (p) => p.textContent), /\bchecked\)/, file);
    }
    // the reference's paragraph on the repository's examples/ and scripts/docs.sh: folded, its files no links
    await page.select("#help select", "README.md");
    const repository = await page.$$eval("#help details.cli", (folds) =>
      folds.map((d) => d.textContent).find((t) => t.startsWith("In the mj repository")),
    );
    assert.match(repository ?? "", /scripts\/docs\.sh/);
    const folds = async () => page.$$eval("#help details.cli", (d) => d.map((f) => f.textContent));
    assert.ok(
      (await folds()).some((t) => /^In the mj repository.*Checked claims/s.test(t)),
      "Checked claims folded",
    );
    // errors.md's "How this is checked" (its tests and scripts) folded whole, up to the next section
    await page.select("#help select", "errors.md");
    const checked = (await folds()).find((t) => /How this is checked/.test(t)) ?? "";
    assert.match(checked, /^In the mj repository/);
    assert.match(checked, /scripts\/fuzz\.sh/);
    assert.equal(await page.$$eval("#help .page a:not([href])", (links) => links.length), 0);
    // hovers true in context: <rule> says what it is, not "The attributes:"; a convolution's rule is its own
    const [rule, convolutionRule, convolutionIn] = await page.evaluate(() => {
      const h = window.mjPlayground.help;
      return [h.entry("rule"), h.entry("rule", "", "convolution"), h.entry("rule", "in", "convolution")];
    });
    assert.doesNotMatch(rule.html, /:\s*$/);
    assert.ok(rule.html.length > 20, rule.html);
    assert.match(convolutionRule.section, /^help:convolution/);
    assert.match(convolutionRule.title, /<rule> in <convolution>/);
    assert.match(convolutionIn.section, /^help:convolution/);
    assert.doesNotMatch(convolutionIn.html, /pattern/);
  },
);

pageTest(
  "the first look: the hint beside the grid, Run says it runs again, a one-node program's tree is its node",
  async (page) => {
    await open(page);
    await page.evaluate(() => localStorage.clear());
    await open(page);
    await until(page, () => document.getElementById("hint") && window.mjPlayground.state.frame?.finished);
    const overlap = await page.evaluate(() => {
      const a = document.getElementById("hint").getBoundingClientRect();
      const b = document.getElementById("stage2d").getBoundingClientRect();
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    });
    assert.equal(overlap, false, "the hint does not cover the grid");
    assert.equal(await page.$eval("#run", (b) => b.textContent), "Rerun", "the first model ran to its end");
    await choose(page, "corpus/Basic", [12, 12, 1], 1); // <one values="BW" in="B" out="W"/>
    const label = await page.$eval("#tree .node > .label", (l) => [l.textContent, l.title]);
    assert.match(label[0], /^<one> line 1/);
    assert.match(label[1], /inside a <markov> of its own/);
    assert.equal(await page.$eval("#run", (b) => b.textContent), "Run", "step 0: Run runs it");
  },
);

pageTest("the help marks the repository's files by its folders; try it covers no example's text", async (page) => {
  await open(page, "?model=GrowthMaze");
  await until(page, () => window.mjPlayground.help.bundle);
  await page.evaluate(() => window.mjPlayground.help.show("help:extensions"));
  await until(page, () => document.querySelector("#help h1"));
  const files = await page.$$eval("#help code.file", (codes) => codes.map((c) => c.textContent));
  for (const file of [
    "faces/python/tests/test_interactive.py",
    "faces/js/tests/api.mjs",
    "playground/tests/browser_sokoban.mjs",
    "tests/interactive_test.cpp",
  ])
    assert.ok(files.includes(file), `${file} marked among ${files}`);
  // the folders the help knows are the repository's own, docs/ and models/ left out (the page shows them)
  const source = readFileSync(join(root, "playground", "help.js"), "utf8");
  const known = [...source.match(/CODE_FOLDERS = \[([^\]]*)\]/)[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith(".") && !["docs", "models", "node_modules"].includes(d.name))
    .filter((d) => !d.name.startsWith("build") && d.name !== "output")
    .map((d) => d.name);
  assert.deepEqual([...known].sort(), folders.sort());

  // every example's "try it": below its first line's text, not over its end
  for (const file of ["rule-nodes.md", "README.md"]) {
    await page.select("#help select", file);
    const covered = await page.$$eval(
      "#help pre:has(> .try)",
      (pres) =>
        pres.filter((pre) => {
          const b = pre.querySelector(".try").getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(pre.querySelector("code"));
          return [...range.getClientRects()].some((r) => r.top < b.bottom && b.top < r.bottom && r.right > b.left);
        }).length,
    );
    assert.equal(covered, 0, `${file}: try it over an example's text`);
  }
});
