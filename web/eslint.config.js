// eslint for mj's JavaScript: the recommended rules, with the globals of where each file runs
// (the API in browsers, workers and Node; the page in a browser; its worker in a worker; tests, tools
// and benchmarks in Node). Formatting is prettier's (npx prettier --check .), not eslint's.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/"] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
    rules: { "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }] },
  },
  { files: ["api.mjs"], languageOptions: { globals: { ...globals.browser, ...globals.worker, ...globals.node } } },
  { files: ["playground/**/*.js"], languageOptions: { globals: { ...globals.browser } } },
  { files: ["playground/worker.js"], languageOptions: { globals: { ...globals.worker } } },
  // Their functions run in the page (page.evaluate), beside Node code.
  {
    files: ["tests/browser*.mjs", "tests/playground_page.mjs", "bench/playground_rate.mjs", "scripts/screenshots.mjs"],
    languageOptions: { globals: { ...globals.browser } },
  },
];
