#!/usr/bin/env node
// mj's JavaScript is held to the C++ code's standard: eslint finds no problem and prettier would change
// nothing (configs in web/: eslint.config.js, .prettierrc.json, .prettierignore).
// Usage: node --test web/tests/lint.mjs   (after npm ci in web/)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { test } from "node:test";

const web = resolve(new URL("..", import.meta.url).pathname);
const tool = (name, ...args) =>
  spawnSync(join(web, "node_modules", ".bin", name), args, { cwd: web, encoding: "utf8" });

test("eslint finds no problem", () => {
  const { status, stdout, stderr } = tool("eslint", "--max-warnings", "0", ".");
  assert.equal(status, 0, stdout + stderr);
});

test("prettier would change nothing", () => {
  // also the tests of the other faces that are written in JavaScript
  const { status, stdout, stderr } = tool(
    "prettier",
    "--check",
    ".",
    "../tests/faces",
    "../tests/exports/check_exports.mjs",
  );
  assert.equal(status, 0, stdout + stderr);
});
