#!/usr/bin/env node
// Assembles the playground site in build-web/site: the page bundled by esbuild (CodeMirror, three.js),
// the worker, the WebAssembly build, mj's own models and, when it is found (MJ_CORPUS or
// ../shared/corpus beside the repo), the reference corpus's models and resources; the help panel's
// language reference and the gallery, from docs/ (help_bundle.mjs, gallery_bundle.mjs). Build time only:
// this folder (playground/build/) is what makes the site, the folder above what the page runs.
import { build } from "esbuild";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { galleryBundle } from "./gallery_bundle.mjs";
import { helpBundle } from "./help_bundle.mjs";

const here = resolve(new URL("..", import.meta.url).pathname); // playground
const root = resolve(here, "..");
const out = resolve(process.argv[2] ?? join(root, "build-web"));
const site = join(out, "site");
const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");

mkdirSync(site, { recursive: true });
await build({
  entryPoints: [join(here, "main.js")],
  bundle: true,
  format: "esm",
  minify: true,
  outfile: join(site, "app.js"),
  logLevel: "warning",
});
await build({
  entryPoints: [join(here, "worker.js")],
  bundle: true,
  format: "esm",
  minify: true,
  outfile: join(site, "worker.js"),
  // the JavaScript binding is bundled in; the module emscripten builds stays beside it, as do Node's modules
  // (which the binding imports only when it runs in Node)
  external: ["./mj.mjs", "node:*"],
  logLevel: "warning",
});
// The world view (world.html): its page, and the API's world worker beside it (world_worker.mjs starts it
// from the page's folder).
await build({
  entryPoints: [join(here, "world_page.js")],
  bundle: true,
  format: "esm",
  minify: true,
  outfile: join(site, "world.js"),
  external: ["node:*"],
  logLevel: "warning",
});
await build({
  entryPoints: [join(root, "faces", "js", "world_thread.mjs")],
  bundle: true,
  format: "esm",
  minify: true,
  outfile: join(site, "world_thread.mjs"),
  external: ["./mj.mjs", "node:*"],
  logLevel: "warning",
});
for (const file of ["index.html", "world.html", "style.css", "teach.css", "world.css"])
  cpSync(join(here, file), join(site, file));
for (const file of ["mj.mjs", "mj.wasm"]) cpSync(join(out, file), join(site, file));
cpSync(join(root, "models"), join(site, "own"), { recursive: true });
const docs = join(root, "docs");
for (const part of ["pictures", "examples"])
  cpSync(join(docs, "language", part), join(site, "help", part), { recursive: true });
writeFileSync(join(site, "help.json"), JSON.stringify(helpBundle(join(docs, "language"))));
// The pages of docs/ itself (tutorial, exercises, errors) also show pictures kept there (the tutorial's debugger
// views): beside the language's.
for (const page of ["tutorial.md", "exercises.md", "errors.md"])
  for (const [, src] of readFileSync(join(docs, page), "utf8").matchAll(/!\[[^\]]*\]\(([^)/]+\.png)\)/g))
    cpSync(join(docs, src), join(site, "help", "pictures", src));
// A language page may show one of docs/'s own pictures too (wfc.md: Escher at 16, made from the corpus).
for (const page of readdirSync(join(docs, "language")).filter((f) => f.endsWith(".md")))
  for (const [, src] of readFileSync(join(docs, "language", page), "utf8").matchAll(
    /!\[[^\]]*\]\(\.\.\/([^)/]+\.png)\)/g,
  ))
    cpSync(join(docs, src), join(site, "help", "pictures", src));
cpSync(join(docs, "gallery"), join(site, "gallery"), { recursive: true });
writeFileSync(join(site, "gallery.json"), JSON.stringify(galleryBundle(join(docs, "gallery.md"))));

if (existsSync(join(corpus, "models.xml"))) {
  const target = join(site, "corpus");
  for (const part of ["models.xml", "models", "resources"])
    cpSync(join(corpus, part), join(target, part), { recursive: true });
  const walk = (dir) =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  const resources = join(target, "resources");
  writeFileSync(join(target, "resources.json"), JSON.stringify(walk(resources).map((f) => relative(resources, f))));
}
console.log(
  `playground: ${relative(process.cwd(), site) || "."} (serve it: python3 -m http.server -d ${relative(process.cwd(), site)})`,
);
