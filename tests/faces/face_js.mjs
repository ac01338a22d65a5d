// One run through the JavaScript API, for tests/faces/test_faces.py: the model's text (and the list
// that names it, as the playground holds it), run with a seed as the library decides; writes the
// state text and the picture that `mj run` would write (as the library names it: OUT_STEM.png, or .vox), and the
// model's notices as JSON (OUT_STEM.notices.json: [{file, line, message, text}]).
// The resources folder beside the model's folder (../resources, as `mj run` reads it) is handed over with
// addResource().
// Usage: node face_js.mjs API_MJS MODEL.xml LIST.xml|- SEED OUT_STEM
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { pathToFileURL } from "node:url";

const [api, modelFile, listFile, seedText, stem] = process.argv.slice(2);
const { loadMj } = await import(pathToFileURL(api).href);
const mj = await loadMj();
const name = basename(modelFile, ".xml");
const resources = join(dirname(modelFile), "..", "resources");
if (existsSync(resources))
  for (const file of readdirSync(resources, { recursive: true }))
    if (statSync(join(resources, file)).isFile()) mj.addResource(file, readFileSync(join(resources, file)));
const entry = listFile === "-" ? null : mj.modelList(readFileSync(listFile, "utf8")).find((e) => e.name === name);
const model = mj.load(readFileSync(modelFile, "utf8"), {
  name: `${name}.xml`,
  entry: entry ?? null,
});
writeFileSync(`${stem}.notices.json`, JSON.stringify(model.notices));
model.start(Number(seedText));
model.advance();
writeFileSync(`${stem}.txt`, model.stateText());
const picture = model.pictureFile();
writeFileSync(`${stem}${extname(picture.name)}`, picture.bytes);
model.dispose();
