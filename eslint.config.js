// eslint for mj's JavaScript: the recommended rules, with the globals of where each file runs
// (the JavaScript binding in browsers, workers and Node; the playground in a browser, its worker in a worker;
// tests, tools and benchmarks in Node). Formatting is prettier's, not eslint's. Run from the repository's root
// over faces/js and playground (tests/js_style.mjs).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "build*/", "tests/exports/node_modules/"] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
    rules: { "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }] },
  },
  {
    files: ["faces/js/api.mjs", "faces/js/world_worker.mjs", "faces/js/world_thread.mjs"],
    languageOptions: { globals: { ...globals.browser, ...globals.worker, ...globals.node } },
  },
  { files: ["playground/*.js"], languageOptions: { globals: { ...globals.browser } } },
  { files: ["playground/worker.js"], languageOptions: { globals: { ...globals.worker } } },
  // Their functions run in the page (page.evaluate), beside Node code.
  {
    files: ["playground/tests/*.mjs", "playground/bench/*.mjs", "playground/scripts/*.mjs"],
    languageOptions: { globals: { ...globals.browser } },
  },
];
