// WorldWorker: a world (api.mjs's World) made in a worker (world_thread.mjs: a Web Worker in browsers, a
// worker_threads thread in Node), so that the caller never waits for a chunk. Every method returns a promise;
// requests are answered in the order they were made; errors come back as the World's would be thrown (MjError,
// RangeError, TypeError), with the library's line.
//
//   const world = await WorldWorker.open(xml, { chunk: 16, seed: 7 });
//   const { cells, width, height } = await world.region(-32, -32, 32, 32);
//   world.terminate();
import { MjError } from "./mj_error.mjs";

const isNode = typeof process !== "undefined" && !!process.versions?.node;

// The worker's errors as the classes they were thrown as.
function rebuild({ name, message, ...fields }) {
  if (name === "MjError") return new MjError({ ...fields, text: message });
  const Class = { RangeError, TypeError }[name] ?? Error;
  return Object.assign(new Class(message), fields);
}

export class WorldWorker {
  // A worker of its own, its module loaded. settingNames as loadMj takes them. Most callers use open().
  static async start({ settingNames } = {}) {
    const url = new URL("./world_thread.mjs", import.meta.url);
    const worker = isNode ? new (await import("node:worker_threads")).Worker(url) : new Worker(url, { type: "module" });
    const w = new WorldWorker(worker);
    await w.request("start", { settingNames });
    return w;
  }

  // A worker with the world of `xml` open (options as mj.world takes them).
  static async open(xml, options = {}) {
    const w = await WorldWorker.start();
    try {
      await w.open(xml, options);
    } catch (e) {
      w.terminate();
      throw e;
    }
    return w;
  }

  constructor(worker) {
    this.worker = worker;
    this.waiting = new Map(); // id -> {resolve, reject}
    this.next = 0;
    this.settings = null; // the open world's (World.settings)
    const receive = (data) => this.receive(data);
    // a worker that fails outside a request (its module not found, out of memory) fails every request waiting
    const fail = (error) => this.failAll(error);
    if (isNode) worker.on("message", receive).on("error", fail);
    else Object.assign(worker, { onmessage: ({ data }) => receive(data), onerror: fail });
  }

  failAll(error) {
    const reason = error instanceof Error ? error : new Error(`the world's worker failed: ${error?.message ?? error}`);
    for (const { reject } of this.waiting.values()) reject(reason);
    this.waiting.clear();
  }

  receive({ id, result, error }) {
    const { resolve, reject } = this.waiting.get(id);
    this.waiting.delete(id);
    if (error) reject(rebuild(error));
    else resolve(result);
  }

  request(op, ...args) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    });
  }

  // Requests waiting for their answer.
  get pending() {
    return this.waiting.size;
  }

  // Opens the world of `xml` (options as mj.world takes them) in place of the worker's last; its settings.
  async open(xml, options = {}) {
    this.settings = null;
    this.settings = await this.request("open", String(xml), options);
    return this.settings;
  }
  // As World's: {cells, width, height, depth, legend}.
  region(...corners) {
    return this.request("region", ...corners);
  }
  needs(c) {
    return this.request("needs", c);
  }
  chunksFor(...corners) {
    return this.request("chunksFor", ...corners);
  }
  runChunk(c, needed) {
    return this.request("runChunk", c, needed);
  }
  forget(keep) {
    return this.request("forget", keep);
  }
  file(extension, corners, pixelsize) {
    return this.request("file", extension, corners, pixelsize);
  }
  // A resource file for the models the worker opens, as mj.addResource takes it.
  addResource(path, bytes) {
    return this.request("addResource", path, bytes);
  }
  // As mj.modelList: the entries of a models.xml.
  modelList(text, name) {
    return this.request("modelList", text, name);
  }
  // Ends the worker; requests still waiting never settle.
  terminate() {
    this.worker.terminate();
  }
}
