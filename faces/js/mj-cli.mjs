#!/usr/bin/env node
// mj for Node: `node mj-cli.mjs run MODEL.xml [flags]` takes the flags of native `mj`, reads and
// writes the real file system, and exits with mj's exit code. The WebAssembly build of faces/cli.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const createMjCli = createRequire(import.meta.url)("./mj-cli-core.cjs");
// The wasm is handed over read: emscripten 3.1.6 would fetch() it, which Node's fetch cannot do for files.
createMjCli({ wasmBinary: readFileSync(new URL("./mj-cli-core.wasm", import.meta.url)) });
