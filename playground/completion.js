// Completion in the editor: after "<" the names of MJ's elements, inside a tag the attributes that element
// reads (the reference's "Every attribute" index, in help.json), and inside in, out and the other symbol
// attributes the value symbols in scope, each with its colour as the page draws it (the loaded model's
// palette, which the worker sends with each load).
import { autocompletion, startCompletion } from "@codemirror/autocomplete";
import { contextAt, symbolsInScope } from "./xml_context.js";

let palette = {};
// The colours of the model loaded last: {symbol: 0xRRGGBB}.
export function setPalette(table) {
  if (table) palette = table;
}

// Attributes whose value is a list of symbols, and those that are one symbol.
const PATTERNS = new Set(["in", "out"]);
const SYMBOLS = new Set(["on", "from", "to", "color", "value", "black", "white", "symbol"]);
const RULE_NODES = new Set(["one", "all", "prl"]);
// Elements read only inside a rule node (or, for rule, a map's, a convolution's or a wfc's): not offered
// at the root or inside a <sequence> or <markov>, whose children are nodes.
const RULE_NODE_PARTS = new Set(["rule", "field", "observe"]);
const BRANCHES = new Set(["sequence", "markov", "keypress"]);
// The mj dialect's <event> holds <keypress> children only, and a <keypress> stands nowhere else.
const EVENT = "event";
const KEYPRESS = "keypress";
// What a value of these attributes may be: the dialect's one name, the keys a page sends (KeyboardEvent.key).
const VALUES = {
  dialect: [["mj", "mj's extensions (docs/language/extensions.md)"]],
  key: ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter"].map((k) => [k, "a key's name"]),
};

const hex = (rgb) => "#" + rgb.toString(16).padStart(6, "0");

// The attributes `element` (inside `parent`) reads: its own, any node's, the root's when it is the root, a
// rule's on a rule node (which holds a single rule written on itself), a convolution rule's.
export function attributesFor(accepts, element, root, parent = "") {
  const names = new Set([...(accepts[element] ?? []), ...(accepts[`${parent}/${element}`] ?? [])]);
  if (element !== "rule" || parent !== "convolution") for (const n of accepts["#node"] ?? []) names.add(n);
  if (root) for (const n of accepts["#root"] ?? []) names.add(n);
  if (RULE_NODES.has(element)) for (const n of accepts.rule ?? []) names.add(n);
  return [...names].sort();
}

// The elements that may stand inside `parent` (none: the root), of the reference's `nodes`: a branch's children
// are nodes, a rule node's also its parts, an <event>'s only <keypress>.
export function elementsFor(nodes, parent) {
  if (parent === EVENT) return [KEYPRESS];
  const nodesOnly = !parent || BRANCHES.has(parent);
  return Object.keys(nodes).filter((name) => name !== KEYPRESS && !(nodesOnly && RULE_NODE_PARTS.has(name)));
}

function symbolOptions(symbols, wildcard) {
  const options = symbols.map((s, i) => ({
    label: s,
    type: "constant",
    detail: palette[s] !== undefined ? hex(palette[s]) : "a union",
    color: palette[s],
    boost: -i, // in the order of values
  }));
  if (wildcard) options.push({ label: "*", type: "keyword", detail: "any (in) / unchanged (out)", boost: -99 });
  return options;
}

export function completion(help) {
  const source = (ctx) => {
    const bundle = help.bundle;
    const text = ctx.state.doc.toString();
    const where = contextAt(text, ctx.pos);
    if (!bundle || !where) return null;
    if (where.kind === "tag") {
      const names = elementsFor(bundle.nodes, where.parents.at(-1)?.name);
      const options = names.map((name) => ({
        label: name,
        type: "type",
        info: () => {
          const dom = document.createElement("div");
          dom.innerHTML = help.summary(name); // the docs' own text (help.json, built from docs/)
          return dom;
        },
      }));
      return { from: where.from, options, validFor: /^[\w-]*$/ };
    }
    if (where.kind === "attribute") {
      if (!where.word && !ctx.explicit && ctx.state.sliceDoc(ctx.pos - 1, ctx.pos) !== " ") return null;
      const written = new Set(Object.keys(where.attributes));
      const parent = where.parents.at(-1)?.name;
      const options = attributesFor(bundle.accepts, where.element, where.root, parent)
        .filter((name) => !written.has(name))
        .map((name) => ({
          label: name,
          type: "property",
          detail: `<${where.element}>`,
          apply: (view, _completion, from, to) => {
            view.dispatch({
              changes: { from, to, insert: `${name}=""` },
              selection: { anchor: from + name.length + 2 },
            });
            startCompletion(view);
          },
        }));
      return { from: where.from, options, validFor: /^[\w-]*$/ };
    }
    if (Object.hasOwn(VALUES, where.attribute)) {
      const options = VALUES[where.attribute].map(([label, detail]) => ({ label, detail, type: "constant" }));
      return { from: where.from, options, validFor: /^\w*$/ };
    }
    if (where.attribute === "values") {
      // any symbol the palette colours, those written already left out
      const written = new Set(where.word);
      return {
        from: ctx.pos,
        options: symbolOptions(Object.keys(palette).filter((s) => !written.has(s))),
        filter: false,
      };
    }
    if (PATTERNS.has(where.attribute) || SYMBOLS.has(where.attribute)) {
      const symbols = symbolsInScope(text, where);
      return symbols.length
        ? { from: ctx.pos, options: symbolOptions(symbols, PATTERNS.has(where.attribute)), filter: false }
        : null;
    }
    return null;
  };
  return autocompletion({
    override: [source],
    addToOptions: [
      {
        position: 20,
        render(option) {
          if (option.color === undefined) return null;
          const swatch = document.createElement("span");
          swatch.className = "swatch";
          swatch.style.background = hex(option.color);
          return swatch;
        },
      },
    ],
  });
}
