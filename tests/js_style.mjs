#!/usr/bin/env node
// mj's JavaScript is held to the C++ code's standard: eslint finds no problem and prettier would change
// nothing, in faces/js, the playground and the JavaScript tests (configs at the repository's root:
// eslint.config.js, .prettierrc.json, .prettierignore).
// Usage: node --test tests/js_style.mjs   (after npm ci at the root)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { test } from "node:test";

const root = resolve(new URL("..", import.meta.url).pathname);
const tool = (name, ...args) =>
  spawnSync(join(root, "node_modules", ".bin", name), args, { cwd: root, encoding: "utf8" });
const javascript = ["faces/js", "playground", "tests/js_style.mjs"];

test("eslint finds no problem", () => {
  const { status, stdout, stderr } = tool("eslint", "--max-warnings", "0", ...javascript);
  assert.equal(status, 0, stdout + stderr);
});

test("prettier would change nothing", () => {
  const { status, stdout, stderr } = tool(
    "prettier",
    "--check",
    ...javascript,
    "tests/faces",
    "tests/exports/check_exports.mjs",
    "eslint.config.js",
    ".prettierrc.json",
    "package.json",
  );
  assert.equal(status, 0, stdout + stderr);
});
