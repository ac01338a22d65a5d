// An attribute that its element does not read (a misspelling: stesp="24") is marked at its name with the
// names the element reads, from the language reference's "Every attribute" table (help.json) that
// completion offers too. mj itself passes such attributes by, as the reference does.
import { linter } from "@codemirror/lint";
import { attributesFor } from "./completion.js";
import { tagsOf } from "./xml_context.js";

// Notes the reference's models write on any element, which no one reads.
const ANYWHERE = new Set(["comment"]);

// [{from, to, name, element, reads}] for `text`; `nodes` the elements the reference describes (others,
// such as a misspelt element, are the model check's to name).
export function unknownAttributes(text, accepts, nodes) {
  const marks = [];
  for (const tag of tagsOf(text)) {
    if (!Object.hasOwn(nodes, tag.name)) continue;
    const reads = attributesFor(accepts, tag.name, tag.root, tag.parent);
    for (const a of tag.attributes)
      if (!reads.includes(a.name) && !ANYWHERE.has(a.name))
        marks.push({ from: a.from, to: a.to, name: a.name, element: tag.name, reads });
  }
  return marks;
}

export function attributeLint(help) {
  return linter(
    (view) => {
      const bundle = help.bundle;
      if (!bundle) return [];
      return unknownAttributes(view.state.doc.toString(), bundle.accepts, bundle.nodes).map((m) => ({
        from: m.from,
        to: m.to,
        severity: "warning",
        message: `<${m.element}> reads no attribute ${m.name}; it reads ${m.reads.join(", ")}`,
      }));
    },
    { delay: 300 },
  );
}
