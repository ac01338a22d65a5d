import { decodePainting } from "./brush.js";

// Shareable URLs: the model, size, seed, step limit, speed, the brushes' painting and (when edited) the XML in the page's hash
// (base64 of JSON), and readable links, ?model=Name&size=60x60&seed=3&steps=500&speed=6. A link comes
// from anyone: every field is checked (type and range) before the page uses it, and what is wrong is
// said in words, never shown as HTML.
export const limits = {
  xml: 1_000_000, // characters of model text
  hash: 3_000_000, // characters of a hash link (its base64 carries the text)
  side: 4096,
  seed: 2 ** 31 - 1,
  steps: 2 ** 31 - 1,
  speed: 14, // the speed slider's top: 2^14 steps a frame
};

export function encodeShare(state) {
  const json = JSON.stringify(state);
  const bytes = new TextEncoder().encode(json);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return "#" + btoa(text);
}

const whole = (v) => typeof v === "number" && Number.isInteger(v);
export const fields = {
  model: (v) =>
    typeof v === "string" && /^((own|corpus)\/)?[A-Za-z0-9_.-]{1,100}$/.test(v)
      ? null
      : "model must be a model's name (letters, digits, _ . -)",
  xml: (v) =>
    typeof v !== "string"
      ? "xml must be text"
      : v.length > limits.xml
        ? `xml is longer than ${limits.xml.toLocaleString("en")} characters`
        : null,
  size: (v) =>
    Array.isArray(v) && v.length >= 1 && v.length <= 3 && v.every((s) => whole(s) && s >= 1 && s <= limits.side)
      ? null
      : `size must be 1 to 3 whole numbers from 1 to ${limits.side}`,
  seed: (v) => (whole(v) && v >= 0 && v <= limits.seed ? null : `seed must be a whole number from 0 to ${limits.seed}`),
  steps: (v) =>
    whole(v) && v >= 1 && v <= limits.steps ? null : `steps must be a whole number from 1 to ${limits.steps}`,
  speed: (v) =>
    whole(v) && v >= 0 && v <= limits.speed ? null : `speed must be a whole number from 0 to ${limits.speed}`,
  painting: (v) => {
    const painting = decodePainting(v);
    return typeof painting === "string" ? `painting: ${painting}` : null;
  },
};

// The valid fields of `settings` and what is wrong with the others.
function check(settings) {
  const share = {},
    problems = [];
  for (const [name, test] of Object.entries(fields)) {
    if (!Object.hasOwn(settings, name)) continue;
    const problem = test(settings[name]);
    if (problem) problems.push(problem);
    else share[name] = settings[name];
  }
  return { share, problems };
}

// The hash link's settings: {share, problems}, or null when the page has no link.
export function decodeShare(hash) {
  if (!hash || hash.length < 2) return null;
  const broken = (problem) => ({ share: {}, problems: [problem] });
  if (hash.length > limits.hash) return broken(`it is longer than ${limits.hash.toLocaleString("en")} characters`);
  let text;
  try {
    text = decodeURIComponent(hash.slice(1));
  } catch {
    return broken("its percent-encoding is broken");
  }
  let binary;
  try {
    binary = atob(text);
  } catch {
    return broken("it is not base64");
  }
  let json;
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return broken("its text is not UTF-8");
  }
  let settings;
  try {
    settings = JSON.parse(json);
  } catch {
    return broken("it is not JSON");
  }
  if (settings === null || typeof settings !== "object" || Array.isArray(settings))
    return broken("it is not a set of settings");
  return check(settings);
}

// A readable link's settings (?model=Name&size=60x60&seed=3&steps=500&speed=6, or the gallery's
// &length=X&width=Y&height=Z for the size; steps=0 or less: the entry's, no limit): {share, problems},
// or null when the query names no model.
export function readableLink(search) {
  const query = new URLSearchParams(search);
  if (!query.has("model")) return null;
  const settings = { model: query.get("model") };
  const number = (text) => (/^\d{1,16}$/.test(text.trim()) ? Number(text) : text);
  if (query.has("size")) settings.size = query.get("size").split(/[x×,]/).map(number);
  else if (query.has("length"))
    settings.size = ["length", "width", "height"]
      .filter((side) => query.has(side))
      .map((side) => number(query.get(side)));
  if (/^\s*(-\d+|0+)\s*$/.test(query.get("steps") ?? "x")) query.delete("steps");
  for (const name of ["seed", "steps", "speed"]) if (query.has(name)) settings[name] = number(query.get(name));
  return check(settings);
}
