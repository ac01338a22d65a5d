// The worker behind WorldWorker (world_worker.mjs): it owns a WebAssembly module and a world, and answers
// each request {id, op, args} with {id, result} or {id, error}. A Web Worker in browsers, a worker_threads
// thread in Node; what it does is the same.
import { loadMj } from "./api.mjs";

const isNode = typeof process !== "undefined" && !!process.versions?.node;
const port = isNode ? (await import("node:worker_threads")).parentPort : self;
const post = (message, transfer = []) => port.postMessage(message, transfer);

let mj = null;
let world = null;

// The operations a WorldWorker asks for: the World's and the module's it needs (resources, model lists).
const ops = {
  async start({ settingNames }) {
    mj = await loadMj({ settingNames });
  },
  addResource(path, bytes) {
    mj.addResource(path, bytes);
  },
  modelList(text, name) {
    return mj.modelList(text, name);
  },
  open(xml, options) {
    world?.dispose();
    world = null; // a world refused leaves none open
    world = mj.world(xml, options);
    return world.settings;
  },
  region: (...corners) => world.region(...corners),
  needs: (c) => world.needs(c),
  chunksFor: (...corners) => world.chunksFor(...corners),
  runChunk: (c, needed) => world.runChunk(c, needed),
  forget: (keep) => world.forget(keep),
  file: (extension, corners, pixelsize) => world.file(extension, corners, pixelsize),
};

// An error as plain fields, which the caller's side makes an error of the same class again.
function errorFields(e) {
  return { ...e, name: e?.name ?? "Error", message: String(e?.message ?? e) };
}

async function answer({ id, op, args }) {
  try {
    if (!Object.hasOwn(ops, op)) throw new TypeError(`a world's worker has no operation ${op}`);
    if (op !== "start" && op !== "addResource" && op !== "modelList" && op !== "open" && !world)
      throw new RangeError("no world is open in the worker (open() first)");
    const result = await ops[op](...args);
    post({ id, result }, result?.cells?.buffer ? [result.cells.buffer] : result?.buffer ? [result.buffer] : []);
  } catch (e) {
    post({ id, error: errorFields(e) });
  }
}

// Requests are answered one at a time, in the order they came: a region waits for the world opened before it.
let queue = Promise.resolve();
const receive = (data) => (queue = queue.then(() => answer(data)));
if (isNode) port.on("message", receive);
else port.onmessage = ({ data }) => receive(data);
