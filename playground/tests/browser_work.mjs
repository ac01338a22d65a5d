// Browser tests of the playground as a place to work in (playground): the editor's text kept per
// model across a reload, forks, links that keep what they would replace; help whose summaries are each
// element's own, misspelt attributes marked, "try it" that runs the example at its size and seed beside
// the help; the 2D grid zoomed with a readout of the cell under the cursor; the 3D grid framed whole;
// and the keys (Ctrl+Enter, Space, the arrows).
// Usage: node --test playground/tests/browser_work.mjs   (needs build-web/site: scripts/web.sh)
//        MJ_SHOTS=DIR node --test playground/tests/browser_work.mjs: also screenshots at 1400x900 and 1000x700
import assert from "node:assert/strict";
import { choose, frame, playground, shoot, until } from "./playground_page.mjs";

const { pageTest, open: openPage } = playground();
// The page, its first-run hint closed (it lies over the grid).
async function open(page, link) {
  await openPage(page, link);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
}

const editorText = (page) => page.evaluate(() => window.mjPlayground.editor.text);
const setText = (page, text) => page.evaluate((t) => (window.mjPlayground.editor.text = t), text);
const message = (page) => page.$eval("#message", (m) => m.textContent);
const loaded = (page) => until(page, () => !window.mjPlayground.state.loading && window.mjPlayground.state.frame);

pageTest("an edit survives a reload; revert drops it; a link's text keeps it as a fork", async (page) => {
  await open(page, "?model=MazeGrowth&size=21x21&seed=2");
  await loaded(page);
  assert.equal(await page.evaluate(() => location.search + location.hash), "", "the link is read, then cleared");
  const original = await editorText(page);
  const edited = original.replace("<", "<!-- my edit -->\n<");
  await setText(page, edited);
  await page.reload();
  await until(page, () => window.mjPlayground?.state.frame);
  await page.evaluate(() => window.mjPlayground.chooseModel("corpus/MazeGrowth"));
  await loaded(page);
  assert.equal(await editorText(page), edited, "the edit is back after the reload");
  assert.match(await message(page), /your edits of MazeGrowth are back/);
  await shoot(page, "draft-restored");

  // a link bringing other text for the model: the kept edit becomes a fork, listed
  const link = { model: "corpus/MazeGrowth", xml: original.replace("<", "<!-- linked -->\n<") };
  await page.evaluate((h) => (location.hash = h), "#" + Buffer.from(JSON.stringify(link)).toString("base64"));
  await until(page, () => window.mjPlayground.editor.text.includes("linked"));
  await loaded(page);
  assert.match(await message(page), /kept as the fork MazeGrowth-edit/);
  const forks = await page.$$eval("#model option[value^='fork/']", (o) => o.map((x) => x.value));
  assert.deepEqual(forks, ["fork/MazeGrowth-edit"]);
  await page.select("#model", "fork/MazeGrowth-edit");
  await until(page, () => window.mjPlayground.editor.text.includes("my edit"));

  // revert: the model's own text, and nothing kept
  await page.evaluate(() => window.mjPlayground.chooseModel("corpus/MazeGrowth"));
  await loaded(page);
  await page.click("#revert");
  assert.equal(await editorText(page), original);
  assert.equal(await page.evaluate(() => localStorage.getItem("mj.draft.corpus/MazeGrowth")), null);
});

pageTest("fork keeps the editor's text under its own name", async (page) => {
  await open(page, "?model=MazeGrowth&size=21x21&seed=2");
  await loaded(page);
  const edited = (await editorText(page)).replace("<", "<!-- forked -->\n<");
  await setText(page, edited);
  await page.click("#fork");
  await until(page, () => document.getElementById("model").value === "fork/MazeGrowth-edit");
  await loaded(page);
  assert.equal(await editorText(page), edited);
  assert.match(await message(page), /kept as the fork MazeGrowth-edit/);
  assert.deepEqual(await page.$$eval("#mx, #my", (b) => b.map((x) => x.value)), ["21", "21"]);
});

const ELEMENTS = ["sequence", "markov", "one", "all", "prl", "rule", "union", "field", "observe", "path", "map"].concat(
  ["convolution", "convchain", "wfc"],
);

pageTest("every element's hover summary is its own (14/14)", async (page) => {
  await open(page);
  await until(page, () => window.mjPlayground.help.bundle);
  const text = ELEMENTS.map((e) => `<${e}/>`).join("\n");
  await setText(page, text);
  const summaries = [];
  for (const element of ELEMENTS) {
    const at = await page.evaluate(
      (i) => {
        const c = window.mjPlayground.editor.view.coordsAtPos(i);
        return { x: c.left + 3, y: (c.top + c.bottom) / 2 };
      },
      text.indexOf(`<${element}/>`) + 2,
    );
    await page.mouse.move(1, 1);
    await until(page, () => !document.querySelector(".help-tip"));
    await page.mouse.move(at.x, at.y);
    const tip = await until(
      page,
      (e) =>
        document.querySelector(".help-tip")?.querySelector("b")?.textContent === `<${e}>` &&
        document.querySelector(".help-tip"),
      element,
    );
    const summary = await tip.evaluate((t) =>
      t.textContent
        .replace(/^\S+\s*/, "")
        .replace(/more \(F1\)$/, "")
        .trim(),
    );
    assert.ok(summary.length > 20, `<${element}>: ${JSON.stringify(summary)}`);
    assert.doesNotMatch(summary, /Index/, `<${element}> shows the page's navigation bar`);
    const stem = element.slice(0, 6); // "observ": observations, "sequen": a sequence
    assert.match(summary, new RegExp(`\\b${stem}`, "i"), `<${element}>'s summary is not about it: ${summary}`);
    summaries.push(summary);
  }
  assert.equal(new Set(summaries).size, ELEMENTS.length, "two elements share a summary");
  assert.doesNotMatch(summaries[ELEMENTS.indexOf("rule")], /picture/);
  await shoot(page, "help-hover");
});

pageTest("a misspelt attribute is marked with the names its element reads", async (page) => {
  await open(page);
  await until(page, () => window.mjPlayground.help.bundle);
  await setText(page, '<sequence values="BW" origin="True">\n  <one in="WB" out="WW" stesp="24"/>\n</sequence>');
  await until(page, () => document.querySelector(".cm-lintRange-warning"));
  assert.equal(await page.$eval(".cm-lintRange-warning", (r) => r.textContent), "stesp");
  const marks = await page.evaluate(() => window.mjPlayground.attributeMarks(window.mjPlayground.editor.text));
  assert.equal(marks.length, 1);
  assert.ok(marks[0].reads.includes("steps") && marks[0].reads.includes("in"), marks[0].reads.join());
  // the corpus's models: a handful of attributes that neither mj nor the reference reads (leftovers), and
  // nothing else (its "comment" notes are let be)
  const marked = await page.evaluate(async () => {
    const names = [...document.querySelectorAll("#model option[value^='corpus/']")].map((o) => o.value.slice(7));
    const out = new Set();
    for (const name of new Set(names.map((n) => n.replace(/-\d+$/, "")))) {
      const text = await (await fetch(`corpus/models/${name}.xml`)).text();
      for (const m of window.mjPlayground.attributeMarks(text)) out.add(`<${m.element}> ${m.name}`);
    }
    return { out: [...out].sort(), models: names.length };
  });
  assert.ok(marked.models > 100, `${marked.models} corpus models`);
  assert.deepEqual(marked.out, [
    "<map> outputValues",
    "<map> regular",
    "<one> periodic",
    "<prl> d",
    "<sequence> periodic",
    "<union> color",
    "<wfc> outputValues",
  ]);
  await shoot(page, "attribute-marked");
});

pageTest("try it runs the example at its size and seed, beside the help panel", async (page) => {
  await open(page);
  await until(page, () => window.mjPlayground.help.bundle);
  await page.evaluate(() => window.mjPlayground.help.show("help:grid"));
  const link = await until(page, () => document.querySelector('#help a[data-example][href$="Growth.xml"]'));
  await link.click();
  await until(page, () => window.mjPlayground.editor.text.includes("<!-- run:"));
  const want = (await editorText(page)).match(/size=(\d+) seed=(\d+) pixelsize=\d+ steps=(\d+)/);
  await until(page, () => window.mjPlayground.state.frame?.finished);
  const f = await frame(page);
  assert.equal(f.steps, +want[3], "the example's step limit");
  assert.deepEqual([f.mx, f.my, f.mz], [+want[1], +want[1], 1]);
  assert.equal(await page.$eval("#seed", (s) => s.value), want[2]);
  const beside = await page.evaluate(() => {
    const help = document.getElementById("help").getBoundingClientRect();
    const grid = document.getElementById("view").getBoundingClientRect();
    const tree = document.getElementById("tree").getBoundingClientRect();
    return help.right <= grid.left + 1 && help.right <= tree.left;
  });
  assert.ok(beside, "the help panel covers the grid or the tree");
  await shoot(page, "try-it");
});

// A 9x9 grid with the origin's white cell in the middle.
async function origin(page, size) {
  await page.evaluate(() => window.mjPlayground.chooseModel("corpus/MazeGrowth"));
  await loaded(page);
  await setText(page, '<one values="BW" origin="True" in="WB" out="WW"/>');
  await page.$$eval("#mx, #my, #mz", (boxes, s) => boxes.forEach((b, i) => (b.value = s[i])), size);
  await page.click("#reset");
  await until(page, (mx) => window.mjPlayground.state.frame?.mx === mx && !window.mjPlayground.state.loading, size[0]);
}

// The screen point at the middle of cell (x, y) of the 2D view.
const cellPoint = (page, x, y) =>
  page.evaluate(
    (x, y) => {
      const g = document.getElementById("grid");
      const r = g.getBoundingClientRect();
      const s = Math.min(r.width / g.width, r.height / g.height);
      return {
        x: r.left + (r.width - g.width * s) / 2 + (x + 0.5) * s,
        y: r.top + (r.height - g.height * s) / 2 + (y + 0.5) * s,
      };
    },
    x,
    y,
  );

pageTest("2D: the wheel zooms about the cursor, and the cell under it is read out", async (page) => {
  await open(page);
  await origin(page, [9, 9, 1]);
  let p = await cellPoint(page, 4, 4);
  await page.mouse.move(p.x, p.y);
  await until(page, () => document.getElementById("readout").textContent.startsWith("x 4, y 4"));
  assert.equal(await page.$eval("#readout", (r) => r.textContent), "x 4, y 4: W (value 1)");
  await page.mouse.wheel({ deltaY: -200 }); // about 2x
  const scale = await page.$eval("#stage2d", (s) => new DOMMatrix(getComputedStyle(s).transform).a);
  assert.ok(scale > 1.5, `zoomed ${scale}x`);
  const after = await cellPoint(page, 4, 4);
  assert.ok(Math.hypot(after.x - p.x, after.y - p.y) < 10, "the cell under the cursor stays there");
  p = await cellPoint(page, 3, 4);
  await page.mouse.move(p.x, p.y);
  await until(page, () => document.getElementById("readout").textContent.startsWith("x 3, y 4"));
  assert.equal(await page.$eval("#readout", (r) => r.textContent), "x 3, y 4: B (value 0)");
  await shoot(page, "zoomed-readout");
  await page.mouse.click(p.x, p.y, { count: 2 });
  assert.equal(await page.$eval("#stage2d", (s) => new DOMMatrix(getComputedStyle(s).transform).a), 1);
});

for (const [width, height] of [
  [1400, 900],
  [1000, 700],
])
  pageTest(`3D: a 61^3 grid is framed whole at ${width}x${height}`, async (page) => {
    await page.setViewport({ width, height });
    await open(page);
    await origin(page, [61, 61, 61]);
    await until(page, () => window.mjPlayground.view3d.box?.mz === 61);
    const corners = await page.evaluate(() => window.mjPlayground.view3d.corners());
    for (const [x, y] of corners) assert.ok(Math.abs(x) <= 1 && Math.abs(y) <= 1, `a corner at ${x}, ${y}`);
    // the cutaway: the middle voxel (30, 30, 30), its 6 faces 12 triangles, hidden below x 30, shown again at
    // the slider's end (the worker meshes the cells the cut leaves)
    const triangles = (n) => until(page, (n) => window.mjPlayground.view3d.triangles === n, n);
    await triangles(12);
    const cut = (value) => page.$eval("#cutx", (s, v) => ((s.value = v), s.oninput()), value);
    await cut(30);
    await triangles(0);
    // the grid's bounds stay drawn, a wire box of its sides, and each slider says its value
    const bounds = await page.evaluate(() => {
      const box = window.mjPlayground.view3d.bounds.geometry;
      box.computeBoundingBox();
      const { min, max } = box.boundingBox;
      return [max.x - min.x, max.y - min.y, max.z - min.z];
    });
    assert.deepEqual(bounds, [61, 61, 61]);
    assert.equal(await page.$eval("#cutx + .cutValue", (e) => e.textContent), "30 of 61");
    await cut(31);
    await triangles(12);
    await shoot(page, "framed-61", [[width, height]]);
    // the window resized to the other size: framed whole again (it was framed only when first drawn)
    await page.setViewport(width === 1400 ? { width: 1000, height: 700 } : { width: 1400, height: 900 });
    await until(page, () => {
      const view = window.mjPlayground.view3d,
        { clientWidth: w, clientHeight: h } = view.container;
      const resized = Math.abs(view.camera.aspect - w / h) < 1e-6; // the view took the new shape
      return resized && view.corners().every(([x, y]) => Math.abs(x) <= 1 && Math.abs(y) <= 1);
    });
  });

pageTest("keys: Ctrl+Enter runs, Space pauses and runs, the arrows step and step back", async (page) => {
  await open(page, "?model=MazeGrowth&size=61x61&seed=2&speed=0");
  await loaded(page);
  await page.evaluate(() => window.mjPlayground.editor.view.focus());
  await page.keyboard.down("Control");
  await page.keyboard.press("Enter");
  await page.keyboard.up("Control");
  await until(page, () => window.mjPlayground.state.frame?.steps > 3);
  assert.ok(!(await editorText(page)).startsWith("\n"), "Ctrl+Enter wrote into the editor");
  await page.click("#counter"); // out of the editor
  await page.keyboard.press("Space");
  await until(page, () => window.mjPlayground.state.frame.ms === undefined);
  const paused = (await frame(page)).steps;
  await page.keyboard.press("ArrowRight");
  await until(page, (s) => window.mjPlayground.state.frame.steps === s + 1, paused);
  await page.keyboard.press("ArrowLeft");
  await until(
    page,
    (s) => window.mjPlayground.state.frame.steps === s && window.mjPlayground.state.frame.viewing === s,
    paused,
  );
  // Space again: the run goes on (from its live step), and once more: it pauses
  await page.keyboard.press("Space");
  await until(
    page,
    (s) => window.mjPlayground.state.frame.running && window.mjPlayground.state.frame.steps > s + 1,
    paused,
  );
  await page.keyboard.press("Space");
  await until(page, () => !window.mjPlayground.state.frame.running && window.mjPlayground.state.frame.ms === undefined);
});

pageTest("a click on a cell of a rule's picture changes the rule in the XML", async (page) => {
  await open(page, "?model=MazeGrowth&size=21x21&seed=2");
  await loaded(page);
  // the link runs by itself: its end frame draws the tree again, so the pictures are read after it
  await until(page, () => window.mjPlayground.state.frame?.finished);
  const picture = await until(page, () => document.querySelector("#tree .rule canvas[data-side='in']"));
  // the list names the model (the size boxes say the size it runs at; its entry's is the option's title)
  assert.equal(await page.$eval("#model", (s) => s.selectedOptions[0].textContent), "MazeGrowth");
  assert.match(await page.$eval("#model", (s) => s.selectedOptions[0].title), /359×359/);
  const cut = await page.$eval("#model", (s) => s.scrollWidth > s.clientWidth + 1);
  assert.ok(!cut, "the chosen model's name is not cut");
  assert.match(await editorText(page), /in="WBB" out="WAW"/);
  const box = await picture.boundingBox();
  await page.mouse.click(box.x + 3, box.y + 3); // the first cell: W, then the next of the grid's values
  await until(page, () => window.mjPlayground.editor.text.includes('in="ABB"'));
  assert.match(await editorText(page), /<one values="BWA" in="ABB" out="WAW" origin="True"\/>/);
  // the model is loaded again: the tree shows the rule as written now
  await until(page, () => document.querySelector("#tree .rule")?.title === "ABB → WAW");
  // where the output picture is, read in one step (a frame may draw the tree again between two)
  const outCell = await (
    await until(page, () => {
      const canvas = document.querySelector("#tree .rule canvas[data-side='out']");
      const box = canvas?.getBoundingClientRect();
      return box?.width ? { x: box.left, y: box.top, cell: (+canvas.dataset.cell * box.width) / canvas.width } : null;
    })
  ).jsonValue();
  await page.mouse.click(outCell.x + 2.5 * outCell.cell, outCell.y + 3); // the third cell: W → A
  await until(page, () => window.mjPlayground.editor.text.includes('out="WAA"'));
  assert.deepEqual(await page.evaluate(() => window.mjPlayground.timeline.breakpoints.size), 0, "not a breakpoint");
  await shoot(page, "rule-pictures");
});

pageTest("the state graph zooms with the wheel about the cursor", async (page) => {
  await open(page);
  await setText(page, '<one values="BR" in="BB" out="RR"/>');
  await page.$$eval("#mx, #my, #mz", (boxes) => boxes.forEach((b, i) => (b.value = [9, 1, 1][i])));
  await page.click("#graphButton");
  await until(page, () => document.querySelectorAll("#graph .state").length > 5);
  const width = () => page.$eval("#graph svg", (s) => s.getBoundingClientRect().width);
  const before = await width();
  const box = await (await page.$("#graph")).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel({ deltaY: -300 });
  await until(page, (w) => document.querySelector("#graph svg").getBoundingClientRect().width > w * 2, before);
  await page.mouse.wheel({ deltaY: 600 });
  await until(page, (w) => document.querySelector("#graph svg").getBoundingClientRect().width < w, before);
  await shoot(page, "graph-zoomed");
});

pageTest("the gutter marks the node that runs next and the breakpoints", async (page) => {
  await open(page);
  await choose(page, "corpus/BiasedMazeGrowth", [21, 21, 1], 4);
  const marks = () =>
    page.evaluate(() =>
      [...document.querySelectorAll(".cm-runGutter .cm-gutterElement")]
        .filter((e) => e.textContent)
        .map(
          (e) =>
            `${window.mjPlayground.editor.view.state.doc.lineAt(window.mjPlayground.editor.view.lineBlockAtHeight(e.offsetTop).from).number}${e.textContent}`,
        ),
    );
  await until(page, () => document.querySelector(".cm-runMark.current"));
  assert.deepEqual(await marks(), ["2▶"]); // the first <prl>
  const seen = new Set();
  for (let k = 1; k <= 4; k++) {
    await page.click("#step");
    await until(page, (s) => window.mjPlayground.state.frame.steps === s, k);
    const line = (await frame(page)).active.line;
    await until(page, () => document.querySelector(".cm-runMark.current"));
    assert.deepEqual(await marks(), [`${line}▶`], `step ${k}`);
    seen.add(line);
  }
  assert.ok(seen.size >= 2, `the mark moved: lines ${[...seen]}`);
  const at = (await frame(page)).active.line;
  await page.click('#tree .label[data-line="4"]'); // a breakpoint on the <one>
  await until(page, () => document.querySelector(".cm-runMark.breakpoint"));
  assert.deepEqual(await marks(), at === 4 ? ["4◉"] : [`${at}▶`, "4●"]);
  // each mark one glyph, within its line (the tree's "● " before a breakpoint once doubled it onto the next)
  const spill = await page.$$eval(".cm-runMark", (marks) =>
    marks
      .map((m) => [m.textContent, m.getBoundingClientRect(), m.parentElement.getBoundingClientRect()])
      .filter(([, mark, line]) => mark.height > line.height + 0.5 || mark.bottom > line.bottom + 0.5)
      .map(([text, mark, line]) => `${text}: ${mark.height} px in a line of ${line.height}`),
  );
  assert.deepEqual(spill, []);
  assert.equal(
    await page.$eval(".cm-runMark.breakpoint", (m) => getComputedStyle(m, "::before").content),
    "none",
    "no tree mark before the gutter's",
  );
  await shoot(page, "gutter-marks");
});

// A Step from step 0 (the model as the page shows it loaded first), its frame shown.
async function stepOnce(page) {
  await page.click("#reset");
  await until(page, () => !window.mjPlayground.state.loading && window.mjPlayground.state.frame?.steps === 0);
  await page.click("#step");
  await until(page, () => window.mjPlayground.state.frame?.steps === 1);
}

// The state text export's file name, once the page has made it.
async function exportedName(page) {
  await page.evaluate(() => (window.mjPlayground.state.lastExport = ""));
  await page.click('[data-export="state"]');
  await until(page, () => window.mjPlayground.state.lastExport);
  return page.evaluate(() => window.mjPlayground.state.lastExport);
}

pageTest(
  "models of one's own: new, renamed, deleted; listed models edited are marked; exports take the name",
  async (page) => {
    await open(page, "?model=GrowthMaze&seed=5");
    await loaded(page);
    // a listed model edited: marked in the list, its exports "NAME-edited", until reverted
    const own = await editorText(page);
    await setText(page, own.replace("<one", "<!-- mine -->\n<one"));
    await until(page, () =>
      document.querySelector('#model option[value="own/GrowthMaze"]').textContent.includes("edited"),
    );
    await stepOnce(page); // the edited text loaded and run
    assert.equal(await exportedName(page), "GrowthMaze-edited_5.txt");
    await page.click("#revert");
    await until(
      page,
      () => !document.querySelector('#model option[value="own/GrowthMaze"]').textContent.includes("edited"),
    );
    await stepOnce(page);
    assert.equal(await exportedName(page), "GrowthMaze_5.txt");

    // new model: an empty program with values, which loads, listed under "your models"
    await page.click("#newModel");
    await until(page, () => document.getElementById("model").value === "fork/model");
    await loaded(page);
    const text = await editorText(page);
    assert.match(text, /values="BW"/);
    assert.match(await message(page), /a model of your own/);
    assert.ok(await page.$eval("#message", (m) => m.classList.contains("notice")), "a notice, not an error's colour");
    assert.equal(
      await page.$eval('#model option[value="fork/model"]', (o) => o.parentElement.label),
      "your models (this browser)",
    );
    await setText(page, text.replace("</markov>", '  <one in="WB" out="WW"/>\n</markov>'));
    await stepOnce(page);
    assert.match(await exportedName(page), /^model_\d+\.txt$/);

    // renamed: its list entry, its storage, its exports
    assert.ok(!(await page.$eval("#rename", (b) => b.hidden)));
    page.once("dialog", (d) => d.accept("cave"));
    await page.click("#rename");
    await until(page, () => document.getElementById("model").value === "fork/cave");
    await loaded(page); // loaded again under its new name
    assert.equal(await page.$('#model option[value="fork/model"]'), null);
    assert.match(await exportedName(page), /^cave_\d+\.txt$/);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("mj.forks")));
    assert.deepEqual(
      kept.map((f) => [f.name, f.xml.includes('<one in="WB" out="WW"/>')]),
      [["cave", true]],
    );

    // deleted: gone from the list and the storage, another model shown
    page.once("dialog", (d) => d.accept());
    await page.click("#delete");
    await until(page, () => document.getElementById("model").value !== "fork/cave");
    await loaded(page);
    assert.equal(await page.$('#model option[value^="fork/"]'), null);
    assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem("mj.forks"))), []);
    assert.ok(await page.$eval("#rename", (b) => b.hidden), "no rename for a listed model");
  },
);

pageTest("a closing tag typed after the editor closed the tag is not doubled", async (page) => {
  await open(page, "?model=GrowthMaze");
  await loaded(page);
  await page.evaluate(() => {
    const { editor } = window.mjPlayground;
    editor.text = "";
    editor.view.focus();
  });
  await page.keyboard.type('<sequence values="BW">');
  assert.equal(await editorText(page), '<sequence values="BW"></sequence>', "the editor closes the tag");
  await page.keyboard.press("Enter");
  await page.keyboard.type('<all in="B" out="W"/>');
  await page.keyboard.press("Enter");
  await page.keyboard.type("</sequence>");
  assert.equal(await editorText(page), '<sequence values="BW">\n  <all in="B" out="W"/>\n</sequence>');
});
