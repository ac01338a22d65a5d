#!/usr/bin/env node
// The playground's editor knows the mj dialect (docs/language/extensions.md): completion offers dialect on the
// root, weight on a one's rules, timeout on <event> and key on <keypress>, <keypress> only inside an <event> (and
// nothing else there), and the attribute lint marks none of them in mj's playable models, while it still marks a
// misspelt one. The help bundle is built from docs/ as the page's help.json is.
// Usage: node --test playground/tests/editor_dialect.mjs   (after npm ci at the root)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { helpBundle } from "../build/help_bundle.mjs";
import { unknownAttributes } from "../attribute_lint.js";
import { attributesFor, elementsFor } from "../completion.js";

const root = resolve(new URL("../..", import.meta.url).pathname);
const bundle = helpBundle(join(root, "docs", "language"));

test("completion offers the dialect's attributes where they are read", () => {
  const { accepts } = bundle;
  assert.ok(attributesFor(accepts, "markov", true).includes("dialect"));
  assert.ok(!attributesFor(accepts, "markov", false, "sequence").includes("dialect"), "dialect is the root's");
  assert.ok(attributesFor(accepts, "rule", false, "one").includes("weight"));
  assert.ok(attributesFor(accepts, "one", false, "sequence").includes("weight"), "a one that is its own rule");
  assert.ok(attributesFor(accepts, "event", false, "markov").includes("timeout"));
  assert.ok(attributesFor(accepts, "keypress", false, "event").includes("key"));
  for (const count of ["steps", "limit"]) assert.ok(attributesFor(accepts, "one", false, "markov").includes(count));
  assert.ok(attributesFor(accepts, "wfc", false, "sequence").includes("tries"));
});

test("completion offers <keypress> inside an <event> only, and <event> where nodes stand", () => {
  const { nodes } = bundle;
  assert.deepEqual(elementsFor(nodes, "event"), ["keypress"]);
  for (const parent of [undefined, "sequence", "markov", "keypress"]) {
    const names = elementsFor(nodes, parent);
    assert.ok(names.includes("event"), `event in ${parent}`);
    assert.ok(names.includes("one"), `one in ${parent}`);
    assert.ok(!names.includes("keypress"), `keypress in ${parent}`);
    assert.ok(!names.includes("rule"), `rule in ${parent}`);
  }
  assert.ok(elementsFor(nodes, "one").includes("rule"));
});

test("the lint marks none of the dialect's attributes in mj's playable models, and still marks a misspelling", () => {
  const { accepts, nodes } = bundle;
  for (const name of ["LightCycle", "Sokoban"]) {
    const text = readFileSync(join(root, "models", `${name}.xml`), "utf8");
    assert.deepEqual(unknownAttributes(text, accepts, nodes), [], name);
  }
  const weighted = readFileSync(join(root, "docs", "language", "examples", "TutorialScale.xml"), "utf8");
  assert.deepEqual(unknownAttributes(weighted, accepts, nodes), []);
  const typo =
    '<markov values="BW" dialect="mj">\n  <event timout="3"><keypress kye="a"><one in="B" out="W"/></keypress></event>\n</markov>';
  const marks = unknownAttributes(typo, accepts, nodes).map((m) => `${m.element} ${m.name}`);
  assert.deepEqual(marks, ["event timout", "keypress kye"]);
});
