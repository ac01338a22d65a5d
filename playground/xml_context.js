// Where a position in the model's text is, for the editor's completion and help: read from the text
// itself, not from a parse, because the text is usually half-typed (an open tag, a missing quote) while
// these are asked. Comments are skipped.

const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([\w-]+)((?:[^>"']|"[^"]*"|'[^']*')*)(\/?)>/g;

// The attributes written in a tag's text: {name: value}.
export function attributesOf(text) {
  const found = {};
  for (const m of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) found[m[1]] = m[2] ?? m[3];
  return found;
}

// The elements open at `pos` (outermost first), each {name, attributes}; `rootSeen` whether a root
// element was opened (and perhaps closed) before.
function openElements(text, pos) {
  const stack = [];
  let rootSeen = false;
  TAG.lastIndex = 0;
  for (let m; (m = TAG.exec(text)) && m.index + m[0].length <= pos;) {
    if (m[0].startsWith("<!--")) continue;
    const [, closing, name, attrs, selfClosing] = m;
    if (closing) {
      const at = stack.map((e) => e.name).lastIndexOf(name);
      if (at >= 0) stack.length = at;
      continue;
    }
    if (!stack.length) rootSeen = true;
    if (!selfClosing && !attrs.endsWith("/")) stack.push({ name, attributes: attributesOf(attrs) }); // the attributes' text takes a "/>"'s slash
  }
  return { stack, rootSeen };
}

// What is being typed at `pos`:
//   {kind: "tag", word, from, parents}             a tag's name after "<"
//   {kind: "attribute", element, word, from, ...}   an attribute's name inside a tag
//   {kind: "value", element, attribute, word, from, ...}  inside an attribute's quotes
//   null elsewhere (text between tags, comments).
// Each also has `parents` (the open elements, outermost first) and `root` (the tag is the root element).
export function contextAt(text, pos) {
  const before = text.slice(0, pos);
  const open = before.lastIndexOf("<");
  if (open < 0 || before.lastIndexOf(">") > open || before.startsWith("<!--", open)) return null;
  const inside = before.slice(open + 1);
  const { stack, rootSeen } = openElements(text, open);
  const where = { parents: stack, root: !stack.length && !rootSeen };
  const name = inside.match(/^[\w-]*$/);
  if (name) return { kind: "tag", word: name[0], from: pos - name[0].length, ...where };
  const tag = inside.match(/^([\w-]+)\s([\s\S]*)$/);
  if (!tag) return null;
  const [, element, rest] = tag;
  const value = rest.match(/([\w-]+)\s*=\s*(["'])([^"']*)$/);
  if (value) {
    const [, attribute, , word] = value;
    return {
      kind: "value",
      element,
      attribute,
      word,
      from: pos - word.length,
      attributes: attributesOf(rest),
      ...where,
    };
  }
  const word = rest.match(/(?:^|\s)([\w-]*)$/);
  if (!word) return null;
  return {
    kind: "attribute",
    element,
    word: word[1],
    from: pos - word[1].length,
    attributes: attributesOf(rest),
    ...where,
  };
}

// The value symbols a rule at this place may read and write: the tag's own `values` (a root rule node),
// then those of the enclosing elements, nearest first (a map's or wfc's new grid, then the grid it reads),
// and every <union> symbol of the text.
export function symbolsInScope(text, context) {
  const scopes = [context.attributes?.values, ...[...context.parents].reverse().map((e) => e.attributes.values)];
  const unions = [...text.matchAll(/<union\b[^>]*\bsymbol\s*=\s*["'](.)["']/g)].map((m) => m[1]);
  return [...new Set([...scopes.filter(Boolean).join(""), ...unions])];
}

// Every start tag of the text: {name, at, depth, root, parent, attributes: [{name, from, to, value,
// valueFrom}]}: where the tag begins, how deep it is, and where each attribute's name and value are.
export function tagsOf(text) {
  const tags = [],
    stack = [];
  let rootSeen = false;
  TAG.lastIndex = 0;
  for (let m; (m = TAG.exec(text));) {
    if (m[0].startsWith("<!--")) continue;
    const [, closing, name, attrs, selfClosing] = m;
    if (closing) {
      const at = stack.lastIndexOf(name);
      if (at >= 0) stack.length = at;
      continue;
    }
    const start = m.index + 1 + name.length; // where the attributes' text begins
    const attributes = [...attrs.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((a) => {
      const value = a[2] ?? a[3];
      const valueTo = start + a.index + a[0].length - 1; // before the closing quote
      return {
        name: a[1],
        from: start + a.index,
        to: start + a.index + a[1].length,
        value,
        valueFrom: valueTo - value.length,
      };
    });
    tags.push({
      name,
      at: m.index,
      depth: stack.length,
      root: !stack.length && !rootSeen,
      parent: stack.at(-1) ?? "",
      attributes,
    });
    if (!stack.length) rootSeen = true;
    if (!selfClosing && !attrs.endsWith("/")) stack.push(name);
  }
  return tags;
}
