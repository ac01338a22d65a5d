#!/usr/bin/env node
// The playground's exports for engines: a 3D grid's glTF button downloads the library's mesh (encode_glb
// through the WebAssembly binding, byte for byte what the JavaScript API gives for the same run), and
// three.js's GLTFLoader, in the browser, loads it into as many meshes and triangles as the file holds.
// Usage: node --test playground/tests/browser_exports.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { choose, corpus, frame, playground, root, runToEnd, until } from "./playground_page.mjs";

// A page that loads three.js's GLTFLoader from the playground's own three (its node_modules), served
// beside the site.
let loaderDir;
const { served, pageTest, open } = playground(async () => {
  loaderDir = mkdtempSync(join(tmpdir(), "mj-gltf-page-"));
  writeFileSync(
    join(loaderDir, "index.html"),
    `<!doctype html><script type="importmap">{"imports": {"three": "/three/build/three.module.js",
     "three/addons/": "/three/examples/jsm/"}}</script>
     <script type="module">
       import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
       window.loadGlb = async (bytes) => {
         const gltf = await new GLTFLoader().parseAsync(new Uint8Array(bytes).buffer, "");
         const meshes = [];
         gltf.scene.traverse((o) => o.isMesh && meshes.push(o));
         return {
           meshes: meshes.length,
           triangles: meshes.reduce((n, m) => n + m.geometry.index.count / 3, 0),
           materials: meshes.map((m) => m.material.name).sort(),
         };
       };
     </script>`,
  );
  return { "/gltf/": loaderDir, "/three/": join(root, "node_modules", "three") };
});
after(() => loaderDir && rmSync(loaderDir, { recursive: true, force: true }));

// The meshes, triangles and materials a .glb says it holds (its JSON chunk): what the library wrote.
function glbContents(bytes) {
  const view = Buffer.from(bytes);
  const json = JSON.parse(view.toString("utf8", 20, 20 + view.readUInt32LE(12)));
  const primitives = json.meshes.flatMap((m) => m.primitives);
  return {
    meshes: primitives.length,
    triangles: primitives.reduce((n, p) => n + json.accessors[p.indices].count / 3, 0),
    materials: primitives.map((p) => json.materials[p.material].name).sort(),
  };
}

pageTest("the glTF button exports a 3D grid's mesh that three.js loads in the browser", async (page) => {
  await open(page);
  assert.equal(await page.$eval("#glb", (b) => b.hidden), true, "glTF is offered for a 2D grid");
  await choose(page, "corpus/MazeGrowth", [27, 27, 27], 1);
  await runToEnd(page);
  assert.equal(await page.$eval("#glb", (b) => b.hidden), false, "no glTF button for a 3D grid");
  // the download's bytes, as the page hands them to the link it clicks
  await page.evaluate(() => {
    const make = URL.createObjectURL;
    URL.createObjectURL = (blob) => ((window.exported = blob), make(blob));
  });
  await page.click("#glb");
  await until(page, () => window.exported && window.mjPlayground.state.lastExport);
  assert.equal(await page.evaluate(() => window.mjPlayground.state.lastExport), "MazeGrowth_1.glb");
  const bytes = await page.evaluate(async () => [...new Uint8Array(await window.exported.arrayBuffer())]);

  // The same run through the JavaScript API in Node: the same file.
  const { loadMj } = await import(join(root, "build-web", "api.mjs"));
  const mj = await loadMj();
  const model = mj.load(readFileSync(join(corpus, "models", "MazeGrowth.xml"), "utf8"), { size: [27, 27, 27] });
  const steps = model.run(1);
  assert.equal(steps, (await frame(page)).steps);
  const expected = model.glb();
  model.dispose();
  assert.deepEqual(new Uint8Array(bytes), expected, "the page's glTF is not the library's");
  const written = glbContents(expected);
  assert.ok(written.triangles > 0 && written.meshes > 0);

  const loader = await served.browser.newPage();
  try {
    await loader.goto(`${served.url}gltf/index.html`);
    await loader.waitForFunction(() => window.loadGlb, { timeout: 30000 });
    const loaded = await loader.evaluate((b) => window.loadGlb(b), bytes);
    assert.deepEqual(loaded, written, "three.js loaded other meshes than the file holds");
  } finally {
    await loader.close();
  }
});
