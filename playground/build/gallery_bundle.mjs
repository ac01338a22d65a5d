// Build time (Node): the gallery as the playground shows it, gallery.json, read from docs/gallery.md (which
// scripts/gallery.py writes from every models.xml entry, thumbnails in docs/gallery/): per entry its group,
// id (the name; NAME-2, NAME-3 for a name's later entries, as its thumbnail is named), size, node kinds and
// thumbnail.
import { readFileSync } from "node:fs";

export function galleryBundle(page) {
  const entries = [];
  for (const line of readFileSync(page, "utf8").split("\n")) {
    const m = line.match(
      /^\| <img src="gallery\/(own|corpus)\/([\w.-]+)\.png"[^|]*\| \*\*([\w.-]+)\*\*([^|]*)\| (\S+) \((\d)D\) \| ([^|]*)\|/,
    );
    if (!m) continue;
    const [, group, id, name, note, size, d, kinds] = m;
    const entry = (note.match(/<sub>`(.*)`<\/sub>/) ?? [])[1] ?? "";
    entries.push({
      group,
      id,
      name,
      entry,
      size,
      d: +d,
      kinds: [...kinds.matchAll(/`(\w+)`/g)].map((k) => k[1]),
      thumbnail: `gallery/${group}/${id}.png`,
    });
  }
  return entries;
}
