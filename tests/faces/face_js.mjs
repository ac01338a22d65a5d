// One run through the JavaScript API, for tests/faces/test_faces.py: the model's text (and the list
// that names it, as the playground holds it), run with a seed as the library decides; writes the
// state text and the picture (PNG, or VOX for a 3D grid) that `mj run` would write. The resources folder
// beside the model's folder (../resources, as `mj run` reads it) is handed over with addResource().
// Usage: node face_js.mjs API_MJS MODEL.xml LIST.xml|- SEED OUT_STEM
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const [api, modelFile, listFile, seedText, stem] = process.argv.slice(2);
const { loadMj } = await import(pathToFileURL(api).href);
const mj = await loadMj();
const name = basename(modelFile, ".xml");
const resources = join(dirname(modelFile), "..", "resources");
if (existsSync(resources))
  for (const file of readdirSync(resources, { recursive: true }))
    if (statSync(join(resources, file)).isFile()) mj.addResource(file, readFileSync(join(resources, file)));
const entry =
  listFile === "-"
    ? null
    : mj.modelList(readFileSync(listFile, "utf8")).find((e) => e.name === name);
const model = mj.load(readFileSync(modelFile, "utf8"), {
  name: `${name}.xml`,
  entry: entry ?? null,
});
model.start(Number(seedText));
model.advance();
writeFileSync(`${stem}.txt`, model.stateText(name));
const { size, pixelsize, iso } = model.settings;
if (size[2] === 1 || iso) writeFileSync(`${stem}.png`, model.png(pixelsize));
else writeFileSync(`${stem}.vox`, model.vox());
model.dispose();
