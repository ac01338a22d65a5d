// tests/cli_errors.xml for the JavaScript tests: the bad models and arguments whose messages the C++,
// Python and JavaScript faces share. A small reader for that one file's shape (cases with attributes
// and an optional CDATA model), not a general XML parser: it checks that it read every case.
import { readFileSync } from "node:fs";

const entities = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
const unescape = (text) => text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name) => entities[name]);

// `mj run`'s size flags as the API's size: n, or [length, width(, height)].
function sizeOf(args) {
  const flags = Object.fromEntries([...args.matchAll(/--(\w+) (-?\d+)/g)].map(([, k, v]) => [k, Number(v)]));
  if ("size" in flags) return flags.size;
  return [flags.length, flags.width, ...(flags.height ? [flags.height] : [])];
}

// [{name, args, expect, size, model}]: model is the XML text, or null for a missing file.
export function readCases(file) {
  const text = readFileSync(file, "utf8");
  const cases = [...text.matchAll(/<case\s([^>]*?)(?:\/>|>\s*<model><!\[CDATA\[([\s\S]*?)\]\]><\/model>\s*<\/case>)/g)];
  const count = text.match(/<case\s/g)?.length ?? 0;
  if (cases.length !== count) throw new Error(`${file}: read ${cases.length} of ${count} cases`);
  return cases.map(([, attributes, model]) => {
    const a = Object.fromEntries(
      [...attributes.matchAll(/(\w+)=(?:"([^"]*)"|'([^']*)')/g)].map(([, k, d, s]) => [k, unescape(d ?? s)]),
    );
    return { name: a.name, args: a.args, expect: a.expect, size: sizeOf(a.args), model: model ?? null };
  });
}
